/**
 * The slots of the value team's pages: what higher features show on them (platform/web/lib/slots.tsx).
 * Declared here, published by the public entry, filled in the higher features' web manifests.
 */
import { defineSlot } from '@/platform/web/lib/slots'
import type { GameId } from '@/shared/games'

/** Under the value tools of one game on /admin/values (its item pictures: imports and the items without one). */
export const valueToolsSections = defineSlot<{ game: GameId }>('value-ops.value-tools.sections')
