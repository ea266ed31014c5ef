import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeftRight } from 'lucide-react'
import { useEffect } from 'react'
import { NavLink } from 'react-router'
import { buttonClass } from '@/platform/web/components/ui/button'
import { followLive } from '@/platform/web/lib/live'
import { waitingTradesQuery } from '../api'
import { myTradesLabel, waitingBadge } from '../offer-view'

/**
 * How many trades wait for the signed-in trader, from the server (`waitsFor`): read once shown, again
 * after each of their own changes (refreshTrading), and whenever a notification comes on the tab's
 * stream, as every change by the other trader (an offer, an accept, a confirmation, an ask to cancel)
 * notifies them.
 */
function useWaitingTrades(): number {
  const client = useQueryClient()
  useEffect(
    () =>
      followLive({
        user: true,
        onEvent: (type) => {
          if (type === 'notifications')
            void client.invalidateQueries({ queryKey: waitingTradesQuery.queryKey })
        },
      }),
    [client],
  )
  return useQuery(waitingTradesQuery).data?.count ?? 0
}

const badgeClass =
  'min-w-5 rounded-full bg-accent px-1 text-center font-bold text-[0.65rem] text-accent-ink leading-5 tabular-nums'

/**
 * "My trades" (/trading/mine) with the number of trades waiting for the trader: in the header (an icon
 * on phones, the words from md up), in the phone menu, and on /trading. Signed-in traders only.
 */
export default function MyTradesLink({
  variant = 'header',
  onNavigate,
  className = '',
}: {
  variant?: 'header' | 'menu' | 'page'
  onNavigate?: () => void
  className?: string
}) {
  const waiting = useWaitingTrades()
  const badge = waiting > 0 && (
    <span aria-hidden="true" className={badgeClass}>
      {waitingBadge(waiting)}
    </span>
  )
  if (variant === 'header')
    return (
      <NavLink
        to="/trading/mine"
        aria-label={myTradesLabel(waiting)}
        onClick={onNavigate}
        className={`relative inline-flex h-9 min-w-9 items-center justify-center gap-1.5 rounded-full px-2 font-medium text-muted text-sm hover:bg-surface-2 hover:text-ink aria-[current=page]:text-ink ${className}`}
      >
        <ArrowLeftRight aria-hidden="true" className="size-5 md:size-4" />
        <span className="hidden md:inline">My trades</span>
        {badge && <span className="absolute -top-0.5 -right-0.5 md:static">{badge}</span>}
      </NavLink>
    )
  return (
    <NavLink
      to="/trading/mine"
      aria-label={myTradesLabel(waiting)}
      onClick={onNavigate}
      className={`${buttonClass('secondary', 'md')} ${className}`}
    >
      My trades
      {badge}
    </NavLink>
  )
}
