import { Search } from 'lucide-react'
import { useEffect, useId, useRef, useState, useTransition } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import type { Game } from '@/features/catalog/contract'
import { categoryLabel } from '@/features/catalog/labels'
import { ITEM_SORT_LABELS, ITEM_SORTS, isImportGame, valueCoverage } from '@/features/catalog/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Select } from '@/platform/web/components/ui/select'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { formatCount } from '@/platform/web/lib/format'
import { Part } from '@/platform/web/lib/part'
import { Slot } from '@/platform/web/lib/slots'
import { useItemList, useSearchAll } from '../api'
import { itemRowActions, valuesListRequests } from '../slots'
import { listParams, listView, PAGE_SIZE, startingValuesText } from '../view'
import { ItemRow } from './item-row'
import { NoMatch } from './no-match'
import { ValuesFreshness } from './values-freshness'

const fieldClass = 'rounded-lg border border-line bg-bg px-3 py-2 text-ink text-sm focus:border-accent'

/**
 * Reads and writes the view (search, filters, sort, page) in the address, so it can be shared. A
 * change is a transition: the field or menu answers at once, the list follows without blocking it.
 */
function useViewParams() {
  const [params, setParams] = useSearchParams()
  const view = listView(params)
  const [changing, startTransition] = useTransition()
  const update = (changes: Record<string, string | null>, replace = false) =>
    startTransition(() =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev)
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(k)
            else next.set(k, v)
          }
          if (!('page' in changes)) next.delete('page')
          return next
        },
        { replace, preventScrollReset: true },
      ),
    )
  return { view, update, changing }
}

function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [draft, setDraft] = useState(value)
  const id = useId()
  // One timer per burst of typing, started by the typing itself: a re-render never starts another,
  // so a late timer can never put back a search over a filter or sort chosen since.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const latest = useRef(onChange)
  latest.current = onChange
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => setDraft(value), [value])
  useEffect(() => () => clearTimeout(timer.current), [])
  const type = (next: string) => {
    setDraft(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => latest.current(next), 250)
  }
  // What a trader typed while the page was loading is in the field, not yet in the search: it is kept.
  const early = useRef({ type, value })
  useEffect(() => {
    const typed = field.current?.value ?? ''
    if (typed !== early.current.value) early.current.type(typed)
  }, [])
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        Search items
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
      />
      <input
        ref={field}
        id={id}
        type="search"
        value={draft}
        onChange={(e) => type(e.target.value)}
        placeholder="Search items…"
        autoComplete="off"
        className={`${fieldClass} w-full pl-9`}
      />
    </div>
  )
}

/** "no values yet — suggest one": the suggestion flow of the game (suggest on an item's page, vote here). */
function SuggestOne({ game }: { game: Game }) {
  return (
    <>
      no values yet —{' '}
      <Link to={`/values/suggestions?game=${game.id}`} className="text-accent underline">
        suggest one
      </Link>
    </>
  )
}

/**
 * What the values are in and what they started from, or, for a game whose items have no value (or only
 * some), that they have none yet and where they come from; and how values are set.
 */
function GameFacts({ game }: { game: Game }) {
  const coverage = valueCoverage(game)
  const howValuesAreSet = (
    <Link to="/how-values-are-set" className="text-accent underline">
      How values are set
    </Link>
  )
  return (
    <div className="mt-3 space-y-2 text-muted text-xs">
      {coverage === 'none' ? (
        <div role="note" className="rounded-xl border border-line bg-surface p-3 text-ink text-sm">
          <p className="font-semibold">
            {game.name}: <SuggestOne game={game} />
          </p>
          <p className="mt-1 text-muted">
            None of its {formatCount(game.itemCount)} items has a trade value yet, so trades with them get no
            verdict. Shown here is what is known: prices, sell values and rarity.{' '}
            {isImportGame(game.id)
              ? 'No official price has been imported yet, so its values come from the value team: open an item and suggest a value; the team reviews every suggestion.'
              : 'Know what an item trades for? Open it and suggest a value; the value team reviews every suggestion.'}
          </p>
        </div>
      ) : (
        coverage === 'partial' && (
          <div role="note" className="rounded-xl border border-line bg-surface p-3 text-ink text-sm">
            <p className="font-semibold">
              Values cover {formatCount(game.valuedCount)} of {formatCount(game.itemCount)} {game.name} items.
            </p>
            <p className="mt-1 text-muted">
              The others have <SuggestOne game={game} />. Items without a value are left out of verdicts.
            </p>
          </div>
        )
      )}
      <ValuesFreshness game={game} />
      <p>
        {coverage !== 'none' && <>Values in {game.valueUnit}. </>}
        {game.startingValues && coverage !== 'none' && (
          <>Starting values: {startingValuesText(game.startingValues)}. </>
        )}
        {howValuesAreSet}
      </p>
    </div>
  )
}

function listError(error: Error) {
  return error instanceof ApiError && error.status === 400 ? error.message : undefined
}

/** The values list of one game, or the search across every game when `game` is null. */
const ROWS_PER_PART = 10

function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = []
  for (let at = 0; at < items.length; at += size) groups.push(items.slice(at, at + size))
  return groups
}

export function ValuesBrowser({ game, games }: { game: Game | null; games: Game[] }) {
  const { view, update, changing } = useViewParams()
  const { game: pathGame } = useParams()
  const [params] = useSearchParams()
  // Typing searches the game shown; on /values-and-wfl the address names it, so the search stays in it
  // ("All games" is a choice of its own).
  const search = (text: string) =>
    update({ search: text, ...(game && !pathGame && !params.get('game') ? { game: game.id } : {}) }, true)
  const list = useItemList(listParams(game?.id ?? 'blox-fruits', view), game !== null)
  const all = useSearchAll(view.search, game === null && view.search !== '')
  const query = game ? list : all
  const data = query.data
  const facets = game && list.data ? list.data.facets : { categories: [], rarities: [] }
  const total = data?.total ?? 0
  const pages = game ? Math.max(1, Math.ceil(total / PAGE_SIZE)) : 1
  const gameNames = new Map(games.map((g) => [g.id, g.name]))
  const currencies = new Map(games.map((g) => [g.id, g.currency]))
  // What the rows show of higher features (hearts) in one request: one game's list; the search across
  // games has none.
  const listIds = game && list.data ? list.data.items.map((i) => i.id) : []

  return (
    <section aria-label="Item values" className="mt-6">
      <Slot slot={valuesListRequests} game={game?.id ?? ''} ids={listIds} />
      <Part>
        <div className="flex flex-col gap-2 sm:flex-row">
          <SearchBox value={view.search} onChange={search} />
          {game && (
            // Phones: the filters wrap to a second line rather than cut their text ("All catego").
            <div className="flex flex-wrap gap-2 max-sm:*:grow sm:flex-nowrap">
              <Select
                hideLabel
                label="Category"
                value={view.category ?? ''}
                options={[
                  ['', 'All categories'],
                  ...facets.categories.map((c): [string, string] => [c, categoryLabel(c)]),
                ]}
                onChange={(category) => update({ category })}
              />
              <Select
                hideLabel
                label="Rarity"
                value={view.rarity ?? ''}
                options={[['', 'All rarities'], ...facets.rarities.map((r): [string, string] => [r, r])]}
                onChange={(rarity) => update({ rarity })}
              />
              <Select
                hideLabel
                label="Sort by"
                value={view.sort}
                options={ITEM_SORTS.map((s) => [s, `Sort: ${ITEM_SORT_LABELS[s]}`])}
                onChange={(sort) => update({ sort: sort === 'value' ? null : sort })}
              />
            </div>
          )}
        </div>
      </Part>

      {game && (
        <Part>
          <GameFacts game={game} />
        </Part>
      )}

      <div aria-live="polite" className="mt-4 flex items-center justify-between text-muted text-sm">
        {data && (
          <p>
            {formatCount(total)} {total === 1 ? 'item' : 'items'}
            {view.search && ` matching “${view.search}”`}
            {!game && ' in all games'}
          </p>
        )}
        {query.isFetching && !query.isPending && <span>Updating…</span>}
      </div>

      {!game && !view.search ? (
        <p className="mt-4 text-muted">Type to search every game.</p>
      ) : query.isPending ? (
        <Spinner label="Loading items" />
      ) : query.isError ? (
        listError(query.error) ? (
          <div role="alert" className="mt-4 rounded-xl border border-warn/40 bg-warn/5 p-4 text-sm">
            <p>{listError(query.error)}. Showing nothing for this filter.</p>
            <button
              type="button"
              className={`${buttonClass('secondary', 'sm')} mt-3`}
              onClick={() => update({ category: null, rarity: null, sort: null })}
            >
              Clear filters
            </button>
          </div>
        ) : (
          <ErrorPanel onRetry={() => query.refetch()} />
        )
      ) : data && data.items.length === 0 ? (
        <NoMatch search={view.search} game={game} games={games} />
      ) : (
        <Part>
          <ul aria-busy={changing || undefined} className="mt-2 space-y-2 aria-busy:opacity-70">
            {/* Rows hydrate ten at a time (a boundary each group): a task each, not one per row. */}
            {groupsOf(data?.items ?? [], ROWS_PER_PART).map((rows) => (
              <Part key={rows.map((item) => `${item.gameId}/${item.id}`).join(' ')}>
                {rows.map((item) => (
                  <ItemRow
                    key={`${item.gameId}/${item.id}`}
                    item={item}
                    gameName={game ? undefined : gameNames.get(item.gameId)}
                    currency={currencies.get(item.gameId)}
                    favorite={
                      <Slot slot={itemRowActions} item={item} game={game?.id ?? null} ids={listIds} />
                    }
                  />
                ))}
              </Part>
            ))}
          </ul>
        </Part>
      )}

      {game && pages > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
          {view.page > 1 ? (
            <Link
              className={buttonClass('secondary', 'sm')}
              to={{ search: pageSearch(params, view.page - 1) }}
              preventScrollReset={false}
            >
              Previous
            </Link>
          ) : null}
          <span className="text-muted text-sm">
            Page {view.page} of {pages}
          </span>
          {view.page < pages ? (
            <Link
              className={buttonClass('secondary', 'sm')}
              to={{ search: pageSearch(params, view.page + 1) }}
            >
              Next
            </Link>
          ) : null}
        </nav>
      )}
    </section>
  )
}

function pageSearch(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params)
  if (page === 1) next.delete('page')
  else next.set('page', String(page))
  return `?${next.toString()}`
}
