import { LIVE_POLL_SECONDS } from '@/shared/live-rules'
import { type StreamStatus, useStockStream } from '../api'

const LABELS: Record<StreamStatus, string> = {
  live: 'Live: restocks appear as they are reported',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  // The stream was refused for now (too many open): the page reads the stock itself meanwhile.
  polling: `Checking for restocks every ${LIVE_POLL_SECONDS} seconds`,
}

/** Follows the game's live stock, and says whether the page is receiving restocks as they happen. */
export function LiveStatus({ game }: { game: string }) {
  const status = useStockStream(game)
  const live = status === 'live'
  return (
    <p role="status" className="inline-flex items-center gap-2 text-muted text-sm">
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${live ? 'bg-accent motion-safe:animate-live' : 'bg-warn'}`}
      />
      {LABELS[status]}
    </p>
  )
}
