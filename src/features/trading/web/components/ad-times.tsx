import type { TradeAd } from '@/features/trading/contract'
import type { AdStatus } from '@/features/trading/rules'
import { useRenderNow } from '@/platform/web/lib/now'
import { formatSpan } from '../format'

const ENDED: Record<Exclude<AdStatus, 'open'>, string> = {
  closed: 'Closed',
  expired: 'Expired',
  traded: 'Traded',
}

/**
 * "2 h ago · ends in 5 h" (or how the ad ended), to the minute: the server and the browser that takes
 * its page over write the same.
 */
export function AdTimes({
  ad: { listedAt, expiresAt, closedAt, status },
}: {
  ad: Pick<TradeAd, 'listedAt' | 'expiresAt' | 'closedAt' | 'status'>
}) {
  const now = useRenderNow()
  const listed = new Date(listedAt).getTime()
  const ends = new Date(expiresAt).getTime()
  const open = status === 'open' && ends > now
  const endedAt = closedAt ?? expiresAt
  return (
    <p className="text-muted text-xs">
      <time dateTime={listedAt}>
        {now - listed < 60_000 ? 'Just now' : `${formatSpan(now - listed)} ago`}
      </time>
      {' · '}
      {open ? (
        <time dateTime={expiresAt}>ends in {formatSpan(ends - now)}</time>
      ) : (
        <time dateTime={endedAt} className="text-warn">
          {ENDED[status === 'open' ? 'expired' : status]} {formatSpan(now - new Date(endedAt).getTime())} ago
        </time>
      )}
    </p>
  )
}
