import { z } from 'zod'
import { GAME_IDS } from '@/shared/games'
import { ITEM_IMAGE_MESSAGES, JOB_COUNTS, JOB_STATUSES } from './rules'

export * from './rules'

/** `:game` of the admin API: one of the eight games (anything else: 400). */
export const gameParamSchema = z.object({
  game: z.enum(GAME_IDS, { error: ITEM_IMAGE_MESSAGES.badGame }),
})

/** `:game/import/:id`: a job's id, a positive whole number. */
export const jobParamSchema = gameParamSchema.extend({
  id: z.coerce.number({ error: 'The job id must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER),
})

/** An item the source had a picture for that was not stored, and why. */
export const jobFailureSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  reason: z.string(),
})
export type JobFailure = z.infer<typeof jobFailureSchema>

export const jobCountsSchema = z.object(
  Object.fromEntries(JOB_COUNTS.map((count) => [count, z.number().int().min(0)])) as Record<
    (typeof JOB_COUNTS)[number],
    z.ZodNumber
  >,
)
export type JobCounts = z.infer<typeof jobCountsSchema>

/**
 * An import of one game's pictures (POST answers it with 202; GET its progress and result). `error`: why
 * a failed job failed as a whole (its source could not be read); `failures`: the items not stored, at most
 * ITEM_IMAGE_LIMITS.failuresKept.
 */
export const itemImageJobSchema = z.object({
  id: z.number().int(),
  game: z.enum(GAME_IDS),
  status: z.enum(JOB_STATUSES),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  counts: jobCountsSchema,
  failures: z.array(jobFailureSchema),
  error: z.string().nullable(),
  /** Where the pictures come from, as the admin area names it. */
  source: z.string(),
})
export type ItemImageJob = z.infer<typeof itemImageJobSchema>

/** GET /api/admin/item-images/:game/import: the game's latest import, if any. */
export const latestJobResponseSchema = z.object({ job: itemImageJobSchema.nullable() })
export type LatestJobResponse = z.infer<typeof latestJobResponseSchema>

/** GET /api/admin/item-images/:game/missing: the game's items without a picture, for the value team. */
export const missingImagesResponseSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  total: z.number().int(),
})
export type MissingImagesResponse = z.infer<typeof missingImagesResponseSchema>
