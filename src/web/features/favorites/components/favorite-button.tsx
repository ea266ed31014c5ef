import { Heart } from 'lucide-react'
import { toast } from 'sonner'
import type { FavoriteCountsResponse } from '@/shared/favorites'
import { useMe } from '@/web/features/accounts/api'
import { useFavoriteToggle } from '../api'

/** A heart with the item's favorite count; visitors are asked to sign in. */
export function FavoriteButton({
  game,
  itemId,
  itemName,
  counts,
  className = '',
}: {
  game: string
  itemId: string
  itemName: string
  counts: FavoriteCountsResponse | undefined
  className?: string
}) {
  const { me } = useMe()
  const toggle = useFavoriteToggle(game)
  const count = counts?.counts[itemId]
  const active = Boolean(me && counts?.mine.includes(itemId))
  const onClick = () => {
    if (!me) {
      toast.error('Login Required', { description: 'Please log in to favorite items' })
      return
    }
    toggle.mutate({ itemId, favorite: !active })
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      aria-label={`Favorite ${itemName}${count === undefined ? '' : ` (${count} ${count === 1 ? 'favorite' : 'favorites'})`}`}
      className={`inline-flex min-w-14 items-center justify-center gap-1.5 rounded-xl border border-line bg-surface px-3 text-sm hover:border-accent/60 aria-pressed:border-danger/50 ${className}`}
    >
      <Heart aria-hidden="true" className={`size-4 ${active ? 'fill-danger text-danger' : 'text-muted'}`} />
      <span className="tabular-nums">{count ?? '–'}</span>
    </button>
  )
}
