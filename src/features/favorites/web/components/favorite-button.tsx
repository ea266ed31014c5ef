import { Heart } from 'lucide-react'
import { startTransition, useOptimistic } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { signInHref, useMe } from '@/features/accounts/web/public'
import { toast } from '@/platform/web/lib/toast'
import { toggleFavorite, useHeart } from '../api'

/** A heart with the item's favorite count; visitors are asked to sign in. */
export function FavoriteButton({
  game,
  itemId,
  itemName,
  ids,
  variant = 'button',
  className = '',
}: {
  game: string
  itemId: string
  itemName: string
  /** The items of the screen, whose hearts come in one request. */
  ids: readonly string[]
  /** 'row': a slim column at the end of a list row; 'button': a bordered button. */
  variant?: 'row' | 'button'
  className?: string
}) {
  const { me, isPending: sessionPending } = useMe()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const heart = useHeart(game, ids, itemId)
  // While the server is asked, the heart shows the wish; when the action ends it shows the answer
  // (the server's count, or the heart as it was when the server refused).
  const [{ count, mine }, showWish] = useOptimistic(heart)
  const active = Boolean(me && mine)
  const onClick = () => {
    if (!me) {
      toast.error('Login Required', {
        description: 'Please log in to favorite items',
        action: { label: 'Sign In', onClick: () => navigate(signInHref(pathname, search)) },
      })
      return
    }
    const favorite = !active
    startTransition(async () => {
      showWish({
        mine: favorite,
        count: count === undefined ? count : Math.max(0, count + (favorite ? 1 : -1)),
      })
      await toggleFavorite(game, itemId, favorite)
    })
  }
  return (
    <button
      type="button"
      onClick={onClick}
      // Until the session is known a tap could not tell a trader from a visitor.
      disabled={sessionPending}
      aria-pressed={active}
      aria-label={`Favorite ${itemName}${count === undefined ? '' : ` (${count} ${count === 1 ? 'favorite' : 'favorites'})`}`}
      className={`${variant === 'row' ? 'w-12 flex-col border-line border-l hover:bg-surface-2 sm:w-16 sm:flex-row' : 'min-w-14 rounded-xl border border-line bg-surface px-3 hover:border-accent/60 aria-pressed:border-danger/50'} inline-flex shrink-0 items-center justify-center gap-1 text-sm ${className}`}
    >
      <Heart aria-hidden="true" className={`size-4 ${active ? 'fill-danger text-danger' : 'text-muted'}`} />
      <span className="tabular-nums">{count ?? '–'}</span>
    </button>
  )
}
