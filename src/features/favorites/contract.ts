import { z } from 'zod'
import { itemIdsParam } from '../catalog/contract'
import { MAX_PAGE_SIZE } from '../catalog/rules'

/** GET /api/favorites/:game?ids= : the counts of a whole screen in one request. */
export const favoriteCountsQuerySchema = z.strictObject({ ids: itemIdsParam(MAX_PAGE_SIZE) })

export const favoriteCountsResponseSchema = z.object({
  /** Every id asked for, with its exact count (0 included). */
  counts: z.record(z.string(), z.number().int()),
  /** The ids the signed-in user has favorited (empty for a visitor). */
  mine: z.array(z.string()),
})
export type FavoriteCountsResponse = z.infer<typeof favoriteCountsResponseSchema>

/** PUT / DELETE /api/favorites/:game/:item */
export const favoriteToggleResponseSchema = z.object({ favorited: z.boolean(), count: z.number().int() })
export type FavoriteToggleResponse = z.infer<typeof favoriteToggleResponseSchema>
