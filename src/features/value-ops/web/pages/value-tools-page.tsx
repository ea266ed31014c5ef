import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useMe } from '@/features/accounts/web/public'
import { AdminArea, Pager, Panel } from '@/features/admin/web/public'
import { TRENDS } from '@/features/catalog/rules'
import type { BulkResponse } from '@/features/value-ops/contract'
import { VALUE_LIMITS } from '@/features/value-ops/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { formatCount } from '@/platform/web/lib/format'
import { Slot } from '@/platform/web/lib/slots'
import { toast } from '@/platform/web/lib/toast'
import { formatValue, formatValueInput, VALUE_NOTATION_HINT } from '@/shared/format-value'
import { GAME_IDS, GAME_NAMES, type GameId, isGameId } from '@/shared/games'
import { editorTableQuery, useBulkUpdate, useNewItem } from '../api'
import { ImportProblems } from '../components/import-problems'
import { valueToolsSections } from '../slots'

const cellInput = 'w-full min-w-0 rounded-md border border-line bg-bg px-2 py-1.5 text-ink text-sm'
const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback)

/** /admin/values: a game's items in one table, bulk updates from CSV, and new items. */
export function ValueToolsPage() {
  return (
    <AdminArea title="Value tools" back="/admin/values" valueEditorsOf={GAME_IDS}>
      <ValueTools />
    </AdminArea>
  )
}

function ValueTools() {
  const { me } = useMe()
  const [params, setParams] = useSearchParams()
  const games = me?.valueEditorGames ?? []
  const asked = params.get('game') ?? ''
  const game: GameId | undefined = isGameId(asked) && games.includes(asked) ? asked : games[0]
  if (!game) return null
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <ImportProblems />
      <div>
        <label htmlFor="tools-game" className="font-medium text-sm">
          Game
        </label>
        <select
          id="tools-game"
          className="ml-2 rounded-lg border border-line bg-bg px-3 py-2 text-ink text-sm"
          value={game}
          onChange={(e) => setParams({ game: e.target.value }, { replace: true })}
        >
          {games.map((g) => (
            <option key={g} value={g}>
              {GAME_NAMES[g]}
            </option>
          ))}
        </select>
      </div>
      <EditorTable key={`table-${game}`} game={game} />
      <BulkUpdate key={`bulk-${game}`} game={game} />
      <NewItem key={`new-${game}`} game={game} />
      <Slot key={`sections-${game}`} slot={valueToolsSections} game={game} />
    </div>
  )
}

interface RowDraft {
  value: string
  demand: string
  trend: string
}

/** Many items at once: edit value, demand and trend in the rows, then save them together with one reason. */
function EditorTable({ game }: { game: GameId }) {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [drafts, setDrafts] = useState<Record<string, RowDraft>>({})
  const [reason, setReason] = useState('')
  const query = useQuery(editorTableQuery(game, search, page))
  const bulk = useBulkUpdate(game)
  const dirty = Object.entries(drafts)

  const save = (e: FormEvent) => {
    e.preventDefault()
    // Values keep the notation typed ("700M", "1,500"): quoted, for their commas.
    const csv = dirty
      .map(([id, d]) => [id, `"${d.value.replaceAll('"', '')}"`, d.demand, d.trend].join(','))
      .join('\n')
    bulk.mutate(
      { csv, reason, dryRun: false },
      {
        onSuccess: (result) => {
          toast.success(`${result.changed.length} ${result.changed.length === 1 ? 'item' : 'items'} saved`)
          setDrafts({})
          setReason('')
        },
        onError: (err) => toast.error(errorText(err, 'Could not save the changes')),
      },
    )
  }

  return (
    <Panel title={`${GAME_NAMES[game]} items`} id="editor-table">
      <label htmlFor="table-search" className="sr-only">
        Search items
      </label>
      <input
        id="table-search"
        type="search"
        placeholder="Search items…"
        className="w-full rounded-lg border border-line bg-bg px-3 py-2 text-ink text-sm"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value)
          setPage(1)
        }}
      />
      {query.isPending ? (
        <Spinner label="Loading items" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : (
        <form onSubmit={save}>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Items of {GAME_NAMES[game]}: value, demand and trend</caption>
              <thead className="text-muted text-xs">
                <tr>
                  <th scope="col" className="py-2 pr-2 font-medium">
                    Item
                  </th>
                  <th scope="col" className="w-36 px-1 font-medium">
                    Value
                  </th>
                  <th scope="col" className="w-20 px-1 font-medium">
                    Demand
                  </th>
                  <th scope="col" className="w-32 px-1 font-medium">
                    Trend
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {query.data.items.map((item) => {
                  const d = drafts[item.id] ?? {
                    value: formatValueInput(item.value),
                    demand: item.demand === null ? '' : String(item.demand),
                    trend: item.trend ?? '',
                  }
                  const change = (key: keyof RowDraft) => (e: { target: { value: string } }) =>
                    setDrafts((all) => ({ ...all, [item.id]: { ...d, [key]: e.target.value } }))
                  return (
                    <tr key={item.id} className={drafts[item.id] ? 'bg-accent/5' : undefined}>
                      <th scope="row" className="py-1.5 pr-2 font-normal">
                        <Link to={`/values/${game}/${item.id}`} className="hover:text-accent">
                          {item.name}
                        </Link>
                        <span className="block text-muted text-xs">now {formatValue(item.value)}</span>
                      </th>
                      <td className="px-1">
                        <input
                          aria-label={`Value of ${item.name}`}
                          autoComplete="off"
                          className={cellInput}
                          value={d.value}
                          onChange={change('value')}
                        />
                      </td>
                      <td className="px-1">
                        <input
                          aria-label={`Demand of ${item.name}`}
                          inputMode="decimal"
                          className={cellInput}
                          value={d.demand}
                          onChange={change('demand')}
                        />
                      </td>
                      <td className="px-1">
                        <select
                          aria-label={`Trend of ${item.name}`}
                          className={cellInput}
                          value={d.trend}
                          onChange={change('trend')}
                        >
                          <option value="">No trend</option>
                          {TRENDS.map((t) => (
                            <option key={t}>{t}</option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={100} total={query.data.total} onPage={setPage} />
          {dirty.length > 0 && (
            <div className="mt-4 flex flex-wrap items-end gap-2">
              <Field
                label="Reason for these changes"
                required
                maxLength={VALUE_LIMITS.reasonMax}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className="min-w-0 flex-1"
              />
              <button type="submit" className={buttonClass('primary')} disabled={bulk.isPending}>
                {bulk.isPending
                  ? 'Saving…'
                  : `Save ${dirty.length} ${dirty.length === 1 ? 'change' : 'changes'}`}
              </button>
              <button type="button" className={buttonClass('secondary')} onClick={() => setDrafts({})}>
                Discard
              </button>
            </div>
          )}
        </form>
      )}
    </Panel>
  )
}

/** Paste or upload `id,value[,demand,trend]`, see what would change, then apply it all in one go. */
function BulkUpdate({ game }: { game: GameId }) {
  const [csv, setCsv] = useState('')
  const [reason, setReason] = useState('')
  const [diff, setDiff] = useState<BulkResponse | null>(null)
  const bulk = useBulkUpdate(game)
  const id = useId()
  const run = (dryRun: boolean) =>
    bulk.mutate(
      { csv, reason, dryRun },
      {
        onSuccess: (result) => {
          setDiff(result)
          if (result.applied) toast.success(`${result.changed.length} values updated`)
        },
        onError: (err) => toast.error(errorText(err, 'Could not read the CSV')),
      },
    )
  const clean = diff !== null && diff.invalid.length === 0 && diff.unknown.length === 0
  return (
    <Panel title="Bulk update from CSV" id="bulk-update">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          run(true)
        }}
        className="grid gap-3"
      >
        <div>
          <label htmlFor={`${id}-csv`} className="font-medium text-sm">
            Rows: id,value[,demand,trend]
          </label>
          <p id={`${id}-csv-hint`} className="mt-1 text-muted text-xs">
            Values as the site writes them (700M, 80K, 1.5B, 2Sx) or plain numbers; a value with commas goes
            in double quotes.
          </p>
          <textarea
            id={`${id}-csv`}
            rows={5}
            className="mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2 font-mono text-ink text-sm"
            placeholder={'kitsune,640M,9,Stable\nwest-dragon,3.91B\ndough,"1,200,000"'}
            aria-describedby={`${id}-csv-hint`}
            value={csv}
            onChange={(e) => {
              setCsv(e.target.value)
              setDiff(null)
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="font-medium text-sm">
            Or upload a CSV file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="mt-1 block text-sm"
            onChange={async (e) => {
              const file = e.target.files?.[0]
              if (!file) return
              if (file.size > VALUE_LIMITS.bulkCsvMax) toast.error('The CSV file is larger than 512 KB')
              else {
                setCsv(await file.text())
                setDiff(null)
              }
            }}
          />
        </div>
        <Field
          label="Reason for this update"
          required
          maxLength={VALUE_LIMITS.reasonMax}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass('secondary')} disabled={bulk.isPending || !csv.trim()}>
            Check changes
          </button>
          {clean && !diff.applied && diff.changed.length > 0 && (
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={bulk.isPending}
              onClick={() => run(false)}
            >
              Apply {diff.changed.length} {diff.changed.length === 1 ? 'change' : 'changes'}
            </button>
          )}
        </div>
      </form>
      {diff && <BulkDiff diff={diff} />}
    </Panel>
  )
}

function BulkDiff({ diff }: { diff: BulkResponse }) {
  return (
    <div className="mt-4 grid gap-3 text-sm" aria-live="polite">
      <p>
        {diff.applied ? 'Applied: ' : 'Would change: '}
        {formatCount(diff.changed.length)} changed, {formatCount(diff.unchanged.length)} unchanged,{' '}
        {formatCount(diff.unknown.length)} unknown, {formatCount(diff.invalid.length)} invalid.
      </p>
      {(diff.invalid.length > 0 || diff.unknown.length > 0) && (
        <FormMessage kind="error">
          Nothing can be applied until these lines are fixed:{' '}
          {[
            ...diff.invalid.map((r) => ({ line: r.line, text: r.problem })),
            ...diff.unknown.map((r) => ({ line: r.line, text: `unknown item ${r.id}` })),
          ]
            .sort((a, b) => a.line - b.line)
            .map((r) => `line ${r.line}: ${r.text}`)
            .join('; ')}
        </FormMessage>
      )}
      {diff.changed.length > 0 && (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {diff.changed.map((c) => (
            <li key={c.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <span>
                <span className="text-muted">line {c.line}</span> {c.name}
              </span>
              <span className="tabular-nums">
                {formatValue(c.old.value)} → <strong>{formatValue(c.new.value)}</strong>
                {c.old.demand !== c.new.demand && ` · demand ${c.old.demand ?? '–'} → ${c.new.demand ?? '–'}`}
                {c.old.trend !== c.new.trend &&
                  ` · ${c.old.trend ?? 'no trend'} → ${c.new.trend ?? 'no trend'}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function NewItem({ game }: { game: GameId }) {
  const create = useNewItem(game)
  const [form, setForm] = useState({ name: '', category: '', rarity: '', value: '', reason: '' })
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null)
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    create.mutate(
      {
        name: form.name,
        category: form.category.trim() || null,
        rarity: form.rarity.trim() || null,
        // "700M" or "1,500": the shared schema reads the site's notation.
        value: form.value.trim() === '' ? null : form.value,
        reason: form.reason,
      },
      {
        onSuccess: ({ id }) => {
          setCreated({ id, name: form.name })
          setForm({ name: '', category: '', rarity: '', value: '', reason: '' })
        },
        onError: (err) => toast.error(errorText(err, 'Could not add the item')),
      },
    )
  }
  return (
    <Panel title="Add an item" id="new-item">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" required value={form.name} onChange={set('name')} />
        <Field
          label="Value (optional)"
          hint={VALUE_NOTATION_HINT}
          autoComplete="off"
          value={form.value}
          onChange={set('value')}
        />
        <Field label="Category" value={form.category} onChange={set('category')} />
        <Field label="Rarity" value={form.rarity} onChange={set('rarity')} />
        <Field
          label="Reason"
          required
          maxLength={VALUE_LIMITS.reasonMax}
          value={form.reason}
          onChange={set('reason')}
          className="sm:col-span-2"
        />
        <div>
          <button type="submit" className={buttonClass('primary')} disabled={create.isPending}>
            Add item
          </button>
        </div>
      </form>
      {created && (
        <p role="status" className="mt-3 text-sm">
          Added <Link to={`/values/${game}/${created.id}`}>{created.name}</Link>.
        </p>
      )}
    </Panel>
  )
}
