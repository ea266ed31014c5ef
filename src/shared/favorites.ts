import { z } from 'zod'
import { ITEM_ID_PATTERN, MAX_PAGE_SIZE } from './catalog-rules'

/** GET /api/favorites/:game?ids= : the counts of a whole screen in one request. */
export const favoriteCountsQuerySchema = z.strictObject({
  ids: z
    .string()
    .transform((s) => s.split(','))
    .pipe(
      z
        .array(z.string().regex(ITEM_ID_PATTERN, 'ids must be item ids separated by commas'))
        .min(1)
        .max(MAX_PAGE_SIZE, `at most ${MAX_PAGE_SIZE} ids`),
    ),
})

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
