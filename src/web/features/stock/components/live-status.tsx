import type { StreamStatus } from '../api'

/** Whether the page is receiving restocks as they happen. */
export function LiveStatus({ status }: { status: StreamStatus }) {
  const live = status === 'live'
  return (
    <p role="status" className="inline-flex items-center gap-2 text-muted text-sm">
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${live ? 'bg-accent motion-safe:animate-pulse' : 'bg-warn'}`}
      />
      {live
        ? 'Live: restocks appear as they are reported'
        : status === 'connecting'
          ? 'Connecting…'
          : 'Reconnecting…'}
    </p>
  )
}
