import { Bell, BellRing } from 'lucide-react'
import { startTransition, useOptimistic } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { signInHref, useMe } from '@/features/accounts/web/public'
import { mutate, useSharedQuery } from '@/platform/web/lib/shared-query'
import { toast } from '@/platform/web/lib/toast'
import { watchlistQuery, watchToggleMutation } from '../api'
import { findWatch, hasRestocks, type WatchTarget, watchAllRequest } from '../view'

/**
 * One tap watches an item (restocks when a shop sells it, and value changes); another stops. The state
 * of every control on a screen comes from one cached request (the watchlist); visitors are asked to
 * sign in.
 */
export function WatchButton({
  variant = 'button',
  className = '',
  ...target
}: WatchTarget & {
  /** 'icon': a small round button (stock lists); 'row': a slim column at the end of a list row. */
  variant?: 'button' | 'icon' | 'row'
  className?: string
}) {
  const { me, isPending: sessionPending } = useMe()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const watchlist = { ...watchlistQuery, enabled: Boolean(me) }
  const listPending = useSharedQuery(watchlist, (result) => result.isPending)
  const watched = useSharedQuery(watchlist, (result) =>
    Boolean(findWatch(result.data, target.game, target.item)),
  )
  // While the server is asked the bell shows the wish; when the action ends it shows the answer.
  const [watching, showWish] = useOptimistic(Boolean(me && watched))
  const restocks = hasRestocks(target.game, target.category)
  const onClick = () => {
    if (!me) {
      toast.error('Login Required', {
        description: 'Please log in to watch items',
        action: { label: 'Sign In', onClick: () => navigate(signInHref(pathname, search)) },
      })
      return
    }
    const watch = !watching
    startTransition(async () => {
      showWish(watch)
      await mutate(watchToggleMutation(target, watchAllRequest(target)), { watch })
    })
  }
  const Icon = watching ? BellRing : Bell
  const label = watching ? `Stop watching ${target.name}` : `Watch ${target.name}`
  const look = {
    button:
      'min-w-14 gap-1.5 rounded-xl border border-line bg-surface px-3 text-sm hover:border-accent/60 aria-pressed:border-accent/60',
    icon: 'size-9 rounded-full hover:bg-surface aria-pressed:bg-accent/10',
    row: 'w-12 border-line border-l hover:bg-surface-2 sm:w-14',
  }[variant]
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={watching}
      aria-label={label}
      title={
        watching
          ? `Watching ${restocks ? 'restocks and value changes' : 'value changes'}`
          : `Tell me about ${restocks ? 'restocks and value changes' : 'value changes'}`
      }
      // Until the session is known a tap could not tell a trader from a visitor.
      disabled={sessionPending || (Boolean(me) && listPending)}
      className={`inline-flex shrink-0 items-center justify-center ${me && listPending ? 'opacity-60' : ''} ${look} ${className}`}
    >
      <Icon
        aria-hidden="true"
        className={`size-4 ${watching ? 'fill-accent/30 text-accent' : 'text-muted'}`}
      />
      {variant === 'button' && <span aria-hidden="true">{watching ? 'Watching' : 'Watch'}</span>}
    </button>
  )
}
