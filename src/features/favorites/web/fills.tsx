/**
 * What favorites show on the catalog's pages (its web manifest fills their slots): the hearts' one
 * request, asked for at once, and the hearts, whose code loads when first rendered.
 */
import { Suspense, useMemo } from 'react'
import type { Game, Item, ItemSummary } from '@/features/catalog/contract'
import { lazy } from '@/platform/web/lib/lazy'
import { useFavoriteCounts } from './queries'

const FavoriteButton = lazy(async () => ({
  default: (await import('./components/favorite-button')).FavoriteButton,
}))

/** Renders nothing: asks for the item page's heart beside the item. */
export function ItemPageHearts({ game, item }: { game: string; item: string }) {
  useFavoriteCounts(game, [item])
  return null
}

/** Renders nothing: asks for the hearts of one game's values list in one request. */
export function ValuesListHearts({ game, ids }: { game: string; ids: readonly string[] }) {
  useFavoriteCounts(game, ids)
  return null
}

/** The item page's heart, with the item's favorite count. */
export function ItemPageHeart({ game, item }: { game: Game; item: Item }) {
  const ids = useMemo(() => [item.id], [item.id])
  return (
    // The fallback has the button's own box: shown in its place while its code loads, it moves nothing.
    <Suspense
      fallback={
        <span
          aria-hidden="true"
          className="inline-flex min-w-14 shrink-0 items-center justify-center gap-1 rounded-xl border border-line bg-surface px-3 py-1.5 text-sm"
        >
          <span className="size-4" />
          <span className="tabular-nums">–</span>
        </span>
      }
    >
      <FavoriteButton game={game.id} itemId={item.id} itemName={item.name} ids={ids} className="py-1.5" />
    </Suspense>
  )
}

/** A row's heart in one game's values list (the search across games has none). */
export function ItemRowHeart({
  item,
  game,
  ids,
}: {
  item: ItemSummary
  game: string | null
  ids: readonly string[]
}) {
  if (!game) return null
  return (
    <Suspense fallback={<span aria-hidden="true" className="w-12 border-line border-l sm:w-16" />}>
      <FavoriteButton variant="row" game={game} itemId={item.id} itemName={item.name} ids={ids} />
    </Suspense>
  )
}
