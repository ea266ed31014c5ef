/**
 * What stock shows on the catalog's item page (its web manifest fills the page's slots): the item's
 * stock facts, asked for beside the item, and its "Stock" section, whose code loads when first shown.
 */
import { Suspense } from 'react'
import { isStockGame } from '@/shared/games'
import { ItemStockSection } from './public'
import { useItemStockStats, usePrefetchItemStockStats } from './queries'

/** Renders nothing: asks for the item's stock facts beside the item (nothing for other games). */
export function ItemStockRequest({ game, item }: { game: string; item: string }) {
  usePrefetchItemStockStats(game, item)
  return null
}

/** The item page's "Stock" section (games with a stock tracker only). */
export function ItemStock({ game, item, category }: { game: string; item: string; category: string | null }) {
  const stats = useItemStockStats(game, item)
  if (!isStockGame(game)) return null
  return (
    <Suspense fallback={null}>
      <ItemStockSection game={game} category={category} query={stats} />
    </Suspense>
  )
}
