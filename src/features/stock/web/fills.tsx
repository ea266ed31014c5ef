/**
 * What stock shows on the catalog's item page (its web manifest fills the page's slots): its "Stock"
 * section, whose code and stock facts load when it is first shown (near the screen).
 */
import { Suspense } from 'react'
import { isStockGame } from '@/shared/games'
import { ItemStockSection } from './public'
import { useItemStockStats } from './queries'

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
