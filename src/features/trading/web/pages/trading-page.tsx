import { useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { Suspense, useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { blocksQuery, useMe } from '@/features/accounts/web/public'
import { ItemPicker } from '@/features/catalog/web/public'
import { TRADE_TAG_LABELS, TRADE_TAGS } from '@/features/trading/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ChoiceChip } from '@/platform/web/components/ui/choice-chip'
import { Page } from '@/platform/web/components/ui/page'
import { Pager } from '@/platform/web/components/ui/pager'
import { Select } from '@/platform/web/components/ui/select'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { lazy } from '@/platform/web/lib/lazy'
import { GAME_IDS, GAME_NAMES, type GameId, isGameId } from '@/shared/games'
import { tradeAdsSearch, useTradeAds } from '../api'
import { AdCard } from '../components/ad-card'
import { PostAdLink } from '../components/post-ad-link'
import { labelOfKey } from '../components/trade-side'
import { MyTradesLink } from '../public'
import { type BrowseView, browseView } from '../view'

/** The 404 page, for an address whose game is not one: its code loads only then. */
const NotFoundPage = lazy(async () => ({
  default: (await import('@/platform/web/app/not-found-page')).NotFoundPage,
}))

/** The address of a view of the list: the game in the path, the filters in the query, page 1 unless given. */
function hrefOf(view: Partial<BrowseView>): string {
  const { game, page, ...filters } = view
  return `/trading${game ? `/${game}` : ''}${tradeAdsSearch({ ...filters, page })}`
}

/** "Has" or "Wants" an item: the item chosen (removable), or the picker of the game's items. */
function ItemFilter({
  label,
  game,
  item,
  name,
  onPick,
  onClear,
}: {
  label: string
  game: GameId | undefined
  item: string | undefined
  name: string
  onPick: (item: { id: string; name: string }) => void
  onClear: () => void
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span aria-hidden="true" className="font-medium text-sm">
        {label}
      </span>
      {item ? (
        <p className="flex min-h-10 items-center justify-between gap-2 rounded-lg border border-accent/50 bg-accent/10 px-3 text-sm">
          <span className="truncate">
            <span className="sr-only">{label}: </span>
            {name}
          </span>
          <button
            type="button"
            onClick={onClear}
            aria-label={`Remove the filter “${label}: ${name}”`}
            className="-mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-surface-2"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </p>
      ) : game ? (
        <Suspense fallback={<div className="h-10 rounded-lg border border-line border-dashed" />}>
          <ItemPicker
            game={game}
            label={`${label} an item`}
            placeholder="Any item: type to search"
            onPick={onPick}
          />
        </Suspense>
      ) : (
        <p className="flex min-h-10 items-center text-muted text-sm">Choose a game first</p>
      )}
    </div>
  )
}

/** /trading and /trading/{game}: open trade ads, newest first, filtered by the address. */
export function TradingPage() {
  const { game: pathGame } = useParams()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const view = browseView(pathGame, params)
  const query = useTradeAds(view)
  const { me } = useMe()
  const blocks = useQuery({ ...blocksQuery, enabled: Boolean(me) })
  const blocked = new Set(blocks.data?.blocks.map((b) => b.username))
  // Names of the items picked in this visit (a filter from a link shows the name the ads give it).
  const [picked, setPicked] = useState<Record<string, string>>({})
  if (pathGame !== undefined && !isGameId(pathGame))
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    )

  const go = (changes: Partial<BrowseView>) => navigate(hrefOf({ ...view, page: 1, ...changes }))
  const nameOf = (id: string | undefined) => {
    if (!id) return ''
    const slot = query.data?.ads
      .flatMap((ad) => [...ad.offering, ...ad.requesting])
      .find((s) => s.item === id)
    return picked[id] ?? slot?.name ?? labelOfKey(id)
  }
  const pick = (key: 'has' | 'wants') => (item: { id: string; name: string }) => {
    setPicked((prev) => ({ ...prev, [item.id]: item.name }))
    go({ [key]: item.id })
  }
  const filtered = Boolean(view.has || view.wants || view.tag || view.user || view.verified)
  const data = query.data
  // The ads of traders the viewer blocked are left out, as the server does for a blocker (the first HTML
  // is the visitors' list): from the page, not from its total, so a single page counts what it shows.
  const ads = data?.ads.filter((ad) => !blocked.has(ad.owner.username)) ?? []
  const total = data && data.pageCount > 1 ? data.total : ads.length

  return (
    <Page
      title={view.game ? `${GAME_NAMES[view.game]} trade ads` : 'Trade ads'}
      lead="What traders have and what they want, with values and a win/fair/loss verdict. Make an offer on an ad, or post your own."
      wide
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted text-sm">
          The trade itself happens in the game: TradeHub records what both traders confirm.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {me && (
            <Suspense fallback={null}>
              <MyTradesLink variant="page" />
            </Suspense>
          )}
          <Link to="/trading/matches" className={buttonClass('secondary', 'md')}>
            Trade matches
          </Link>
          <PostAdLink game={view.game} />
        </div>
      </div>

      <section
        aria-labelledby="trading-filters"
        className="mt-6 rounded-2xl border border-line bg-surface p-4"
      >
        <h2 id="trading-filters" className="sr-only">
          Filters
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <Select
            label="Game"
            value={view.game ?? ''}
            options={[['', 'All games'], ...GAME_IDS.map((id) => [id, GAME_NAMES[id]] as const)]}
            onChange={(game) =>
              go({ game: isGameId(game) ? game : undefined, has: undefined, wants: undefined })
            }
          />
          <ItemFilter
            label="Has"
            game={view.game}
            item={view.has}
            name={nameOf(view.has)}
            onPick={pick('has')}
            onClear={() => go({ has: undefined })}
          />
          <ItemFilter
            label="Wants"
            game={view.game}
            item={view.wants}
            name={nameOf(view.wants)}
            onPick={pick('wants')}
            onClear={() => go({ wants: undefined })}
          />
          <Select
            label="Asks for"
            value={view.tag ?? ''}
            options={[['', 'Anything'], ...TRADE_TAGS.map((tag) => [tag, TRADE_TAG_LABELS[tag]] as const)]}
            onChange={(tag) =>
              go({
                tag: (TRADE_TAGS as readonly string[]).includes(tag) ? (tag as BrowseView['tag']) : undefined,
              })
            }
          />
          <form
            key={view.user ?? ''}
            className="flex min-w-0 flex-col"
            onSubmit={(e) => {
              e.preventDefault()
              const user = new FormData(e.currentTarget).get('user')
              go({ user: typeof user === 'string' && user.trim() ? user.trim().toLowerCase() : undefined })
            }}
          >
            <label htmlFor="trading-user" className="font-medium text-sm">
              Trader
            </label>
            <div className="flex gap-2">
              <input
                id="trading-user"
                name="user"
                defaultValue={view.user ?? ''}
                placeholder="username"
                autoComplete="off"
                className="min-w-0 flex-1 rounded-lg border border-line bg-bg px-3 py-2 text-ink text-sm focus:border-accent"
              />
              <button type="submit" className={buttonClass('secondary', 'sm')}>
                Find
              </button>
            </div>
          </form>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <ChoiceChip
            type="checkbox"
            checked={Boolean(view.verified)}
            onChange={(on) => go({ verified: on || undefined })}
          >
            Verified traders only
          </ChoiceChip>
          {filtered && (
            <Link
              to={hrefOf({ game: view.game, page: 1 })}
              className="inline-flex min-h-6 items-center text-accent text-sm underline"
            >
              Clear filters
            </Link>
          )}
        </div>
      </section>

      <div className="mt-6" aria-busy={query.isFetching}>
        {query.isPending ? (
          <Spinner label="Loading trade ads" />
        ) : query.isError && !data ? (
          <ErrorPanel onRetry={() => query.refetch()} />
        ) : data && total === 0 ? (
          <div className="rounded-2xl border border-line border-dashed p-8 text-center">
            <p className="font-semibold text-lg">
              {filtered ? 'No open ads match these filters.' : 'No open ads yet.'}
            </p>
            <p className="mt-1 text-muted">
              {filtered
                ? 'Try fewer filters, or post the ad you are looking for.'
                : 'Be the first to post one.'}
            </p>
            <PostAdLink game={view.game} className="mt-4" />
          </div>
        ) : data ? (
          <>
            <p role="status" className="text-muted text-sm">
              {total} open {total === 1 ? 'ad' : 'ads'}
              {data.pageCount > 1 && `, page ${data.page} of ${data.pageCount}`}
            </p>
            <ul className="mt-3 grid gap-4 lg:grid-cols-2">
              {ads.map((ad) => (
                <li key={ad.id} className="min-w-0">
                  <AdCard ad={ad} showGame={!view.game} />
                </li>
              ))}
            </ul>
            <Pager
              page={data.page}
              pageCount={data.pageCount}
              hrefFor={(page) => hrefOf({ ...view, page })}
            />
          </>
        ) : null}
      </div>
    </Page>
  )
}
