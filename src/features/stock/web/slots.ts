/**
 * The slots of the stock pages: what higher features show on them (platform/web/lib/slots.tsx).
 * Declared here, published by the public entry, filled in the higher features' web manifests.
 */
import { defineSlot } from '@/platform/web/lib/slots'

/** At the end of an item's line in a shop's current stock (the watch bell). */
export const shopItemActions = defineSlot<{
  game: string
  item: string
  name: string
  category: string | null
  rarity: string | null
}>('stock.shop-item.actions')
