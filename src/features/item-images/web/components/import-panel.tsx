import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Panel, when } from '@/features/admin/web/public'
import type { ItemImageJob } from '@/features/item-images/contract'
import {
  isStudioGame,
  JOB_COUNT_LABELS,
  JOB_COUNTS,
  STUDIO_SOURCE,
  WIKI_SOURCES,
} from '@/features/item-images/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { formatCount } from '@/platform/web/lib/format'
import { toast } from '@/platform/web/lib/toast'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { latestImportQuery, missingImagesQuery, useStartImport } from '../api'

const STATUS_WORDS: Record<ItemImageJob['status'], string> = {
  running: 'Importing now',
  finished: 'Finished',
  failed: 'Failed',
  stopped: 'Stopped',
}

/** Admins: import a game's pictures from its own source, follow the run, read its result. */
export function ImportPanel({ game }: { game: GameId }) {
  const query = useQuery(latestImportQuery(game))
  const start = useStartImport(game)
  const client = useQueryClient()
  const job = query.data?.job ?? null
  const running = start.isPending || job?.status === 'running'
  // When a run ends, the items without a picture have changed.
  const wasRunning = useRef(false)
  useEffect(() => {
    if (wasRunning.current && job && job.status !== 'running')
      void client.invalidateQueries({ queryKey: missingImagesQuery(game).queryKey })
    wasRunning.current = job?.status === 'running'
  }, [job, client, game])
  const source = isStudioGame(game) ? STUDIO_SOURCE.name : WIKI_SOURCES[game].name
  return (
    <Panel title={`${GAME_NAMES[game]} pictures`} id={`item-pictures-${game}`}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <p className="text-muted text-sm">
          Imports each item's picture from {source}, re-encoded and served by TradeHub. Pictures the value
          team uploaded by hand are never replaced.
        </p>
        {query.isPending ? (
          <Spinner label="Loading the last import" />
        ) : query.isError ? (
          <ErrorPanel onRetry={() => query.refetch()} />
        ) : job ? (
          <JobResult job={job} />
        ) : (
          <p className="text-sm">No import yet.</p>
        )}
        <button
          type="button"
          disabled={running}
          className={`${buttonClass('primary', 'sm')} justify-self-start`}
          onClick={() =>
            start.mutate(undefined, {
              onError: (error) =>
                toast.error(error instanceof ApiError ? error.message : 'The import could not be started'),
            })
          }
        >
          {running ? 'Importing…' : 'Import pictures'}
          <span className="sr-only"> of {GAME_NAMES[game]}</span>
        </button>
      </div>
    </Panel>
  )
}

function JobResult({ job }: { job: ItemImageJob }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-live="polite">
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="text-muted">Last import</dt>
        <dd>
          <span className={job.status === 'failed' ? 'font-medium text-danger' : undefined}>
            {STATUS_WORDS[job.status]}
          </span>
          {job.error && <span className="[overflow-wrap:anywhere]">: {job.error}</span>}
        </dd>
        <dt className="text-muted">Started</dt>
        <dd>{when(job.startedAt)}</dd>
        {job.finishedAt && (
          <>
            <dt className="text-muted">Ended</dt>
            <dd>{when(job.finishedAt)}</dd>
          </>
        )}
        <dt className="text-muted">Source</dt>
        <dd className="[overflow-wrap:anywhere]">{job.source}</dd>
      </dl>
      <dl aria-label="Counts of the last import" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {JOB_COUNTS.map((key) => (
          <div key={key} className="rounded-xl border border-line bg-surface-2 p-3">
            <dt className="text-muted text-xs">{JOB_COUNT_LABELS[key]}</dt>
            <dd className="mt-1 font-bold text-lg tabular-nums">{formatCount(job.counts[key])}</dd>
          </div>
        ))}
      </dl>
      {job.failures.length > 0 && (
        <details>
          <summary className="cursor-pointer font-medium text-sm">
            Why {formatCount(job.counts.failed)} {job.counts.failed === 1 ? 'picture was' : 'pictures were'}{' '}
            not imported
          </summary>
          <ul className="mt-2 divide-y divide-line rounded-xl border border-line text-sm">
            {job.failures.map((f) => (
              <li key={f.itemId} className="flex flex-wrap justify-between gap-x-3 px-3 py-1.5">
                <span className="font-medium">{f.name}</span>
                <span className="text-muted [overflow-wrap:anywhere]">{f.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}
