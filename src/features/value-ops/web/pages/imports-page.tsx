import { useQuery } from '@tanstack/react-query'
import { AdminArea, Panel } from '@/features/admin/web/public'
import { IMPORT_GAMES } from '@/features/catalog/rules'
import type { ImportStatus } from '@/features/value-ops/contract'
import { IMPORT_COUNT_LABELS, type ImportCount } from '@/features/value-ops/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount } from '@/platform/web/lib/format'
import { toast } from '@/platform/web/lib/toast'
import { GAME_NAMES } from '@/shared/games'
import { importsQuery, useRunImport } from '../imports-api'

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'The import could not be started. Please try again.'

/** /admin/imports: the official price imports, for admins and the value editors of those games. */
export function ImportsPage() {
  return (
    <AdminArea title="Imports" back="/admin/imports" valueEditorsOf={IMPORT_GAMES}>
      <Imports />
    </AdminArea>
  )
}

function Imports() {
  const query = useQuery(importsQuery)
  if (query.isPending) return <Spinner label="Loading the imports" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <p className="text-muted">
        The official price lists of these games are read every hour, or now with Import now: changed values
        are recorded in the change log as the official price import, and the exist counts of each pet are
        updated.
      </p>
      {query.data.imports.map((status) => (
        <GameImport key={status.gameId} status={status} />
      ))}
    </div>
  )
}

function GameImport({ status }: { status: ImportStatus }) {
  const run = useRunImport()
  const name = GAME_NAMES[status.gameId]
  const running = run.isPending || status.running
  const id = `import-${status.gameId}`
  const start = () =>
    run.mutate(status.gameId, {
      onSuccess: (done) =>
        done.ok
          ? toast.success(`${name}: ${done.result}`)
          : toast.error(`${name}: the import failed. ${done.result}`),
      onError: (error) => toast.error(errorText(error)),
    })
  return (
    <Panel title={name} id={id}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          <dt className="text-muted">Last run</dt>
          <dd>{status.lastFinishedAt ? when(status.lastFinishedAt) : 'Never'}</dd>
          <dt className="text-muted">Result</dt>
          <dd className="[overflow-wrap:anywhere]">
            {status.ok === null ? (
              '—'
            ) : status.ok ? (
              <span>OK: {status.result}</span>
            ) : (
              <span className="font-medium text-danger">Failed: {status.result}</span>
            )}
          </dd>
          <dt className="text-muted">Next run</dt>
          <dd>
            {running
              ? 'Running now'
              : !status.scheduled
                ? 'Not scheduled (the hourly import is off)'
                : status.nextRunAt
                  ? when(status.nextRunAt)
                  : 'When the server starts'}
          </dd>
        </dl>
        {status.counts && (
          <dl aria-label="Counts of the last run" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {(Object.keys(IMPORT_COUNT_LABELS) as ImportCount[]).map((key) => (
              <div key={key} className="rounded-xl border border-line bg-surface-2 p-3">
                <dt className="text-muted text-xs">{IMPORT_COUNT_LABELS[key]}</dt>
                <dd className="mt-1 font-bold text-lg tabular-nums">
                  {formatCount(status.counts?.[key] ?? 0)}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <button
          type="button"
          disabled={running}
          onClick={start}
          className={`${buttonClass('primary', 'sm')} justify-self-start`}
        >
          {run.isPending && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-accent-ink/40 border-t-accent-ink motion-reduce:animate-none"
            />
          )}
          {run.isPending ? 'Importing…' : 'Import now'}
          <span className="sr-only"> {name}</span>
        </button>
        <UnknownItems names={status.unknownItems} total={status.counts?.unknown} game={name} />
      </div>
    </Panel>
  )
}

function UnknownItems({ names, total, game }: { names: string[]; total?: number; game: string }) {
  const count = Math.max(total ?? 0, names.length)
  return (
    <div>
      <h3 className="font-semibold">Unknown items ({formatCount(count)})</h3>
      {names.length === 0 ? (
        <p className="mt-1 text-muted text-sm">
          Every Huge and Titanic pet of the price list is in the catalog.
        </p>
      ) : (
        <>
          <p className="mt-1 text-muted text-sm">
            Pets the official price list of {game} has that the catalog lacks, for an editor to add
            {count > names.length ? ` (the first ${formatCount(names.length)} by name)` : ''}.
          </p>
          <ul className="mt-2 flex flex-wrap gap-1.5 text-sm">
            {names.map((n) => (
              <li key={n} className="rounded-lg border border-line bg-surface-2 px-2 py-0.5">
                {n}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
