/**
 * The contracts of the official middlemen (/escrow-service): the public list and check, requests of
 * accepted trades, the middlemen's queue and jobs, and the traders' ratings.
 * docs/decisions/036-middlemen.md
 */
import { z } from 'zod'
import { tradeOfferRoundSchema } from '@/features/trading/contract'
import { GAME_IDS } from '@/shared/games'
import { text } from '@/shared/text'
import { MIDDLEMAN_LIMITS, MIDDLEMAN_NAME_KINDS, MIDDLEMAN_REQUEST_STATUSES } from './rules'

export * from './rules'

/** An official middleman as /escrow-service lists them. */
/** A verified Roblox account: the name to look for in the game's trade window, and its headshot. */
const robloxSchema = z.object({ name: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() })

export const middlemanSchema = z.object({
  username: z.string(),
  /** Their verified Roblox account (a middleman must have one to take requests); null: not verified yet. */
  roblox: robloxSchema.nullable(),
  /** The games they work (every game when they named none). */
  games: z.array(z.enum(GAME_IDS)),
  /** Jobs they closed as done. */
  jobsDone: z.number().int(),
  /** The traders' ratings of their jobs: the average (null: none yet) and how many. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
})
export type Middleman = z.infer<typeof middlemanSchema>

/** GET /api/middlemen */
export const middlemenResponseSchema = z.object({ middlemen: z.array(middlemanSchema) })
export type MiddlemenResponse = z.infer<typeof middlemenResponseSchema>

/** GET /api/middlemen/check?name= : a TradeHub username or a Roblox name, any case. */
export const middlemanCheckQuerySchema = z.strictObject({
  name: text('name', {
    min: 1,
    max: 40,
    messages: { tooShort: 'Enter a username or a Roblox name', tooLong: 'No middleman has this name' },
  }).transform((name) => name.replace(/^@/, '')),
})
/** Which of a middleman's names the checked name is: their TradeHub username or their Roblox name. */
const matchedSchema = z.enum(MIDDLEMAN_NAME_KINDS)
/**
 * Official: the name is one of this middleman's own (any case), and which one; the trader compares both
 * names and the avatar with the person in the Roblox trade window. Not official: perhaps a look-alike of a
 * middleman's name ('H0lder' for 'Holder'), and whose, to warn about the copy.
 */
export const middlemanCheckResponseSchema = z.discriminatedUnion('official', [
  z.object({ official: z.literal(true), matched: matchedSchema, middleman: middlemanSchema }),
  z.object({
    official: z.literal(false),
    lookAlike: z.object({ matched: matchedSchema, middleman: middlemanSchema }).optional(),
  }),
])
export type MiddlemanCheckResponse = z.infer<typeof middlemanCheckResponseSchema>

/** A middleman request as its traders and the middlemen see it. */
export const middlemanRequestSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  adId: z.number().int(),
  game: z.enum(GAME_IDS),
  /** The two traders: the ad's owner first, then the offerer, with their verified Roblox accounts. */
  traders: z.array(z.object({ username: z.string(), roblox: robloxSchema.nullable() })),
  status: z.enum(MIDDLEMAN_REQUEST_STATUSES),
  /** The middleman who claimed it (null while open). */
  middleman: z.string().nullable(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The middleman's note when they closed the job. */
  note: z.string().nullable(),
})
export type MiddlemanRequest = z.infer<typeof middlemanRequestSchema>

/**
 * A request as the middlemen's queue shows it: with the trade's negotiation, oldest first (the last
 * round is the terms the traders accepted: what the middleman holds each side to).
 */
export const middlemanJobSchema = middlemanRequestSchema.extend({
  rounds: z.array(tradeOfferRoundSchema),
})
export type MiddlemanJob = z.infer<typeof middlemanJobSchema>

/** GET /api/middleman/requests: the open queue, oldest first, and the middleman's own jobs, newest first. */
export const middlemanQueueResponseSchema = z.object({
  requests: z.array(middlemanJobSchema),
  jobs: z.array(middlemanJobSchema),
})
export type MiddlemanQueueResponse = z.infer<typeof middlemanQueueResponseSchema>

/** GET /api/trade-offers/:id/middleman: the offer's latest request (null: none), and whether I rated it. */
export const offerMiddlemanResponseSchema = z.object({
  request: middlemanRequestSchema.nullable(),
  rated: z.boolean(),
})
export type OfferMiddlemanResponse = z.infer<typeof offerMiddlemanResponseSchema>

/** POST /api/middleman/requests/:id/close */
export const closeJobRequestSchema = z.strictObject({
  outcome: z.enum(['done', 'failed'], 'outcome must be done or failed'),
  note: text('note', {
    min: 1,
    max: MIDDLEMAN_LIMITS.noteMax,
    messages: {
      tooShort: 'Say in a few words how the trade went',
      tooLong: `The note can have at most ${MIDDLEMAN_LIMITS.noteMax} characters`,
    },
  }),
})
export type CloseJobRequest = z.input<typeof closeJobRequestSchema>

/** POST /api/middleman/requests/:id/rating */
export const rateJobRequestSchema = z.strictObject({
  rating: z
    .number('rating must be a number from 1 to 5')
    .int()
    .min(1)
    .max(5, 'rating must be a number from 1 to 5'),
  comment: text('comment', {
    max: MIDDLEMAN_LIMITS.commentMax,
    messages: { tooLong: `The comment can have at most ${MIDDLEMAN_LIMITS.commentMax} characters` },
  }).optional(),
})
export type RateJobRequest = z.input<typeof rateJobRequestSchema>

/** PUT /api/middleman/profile: the games the middleman works (none: every game). */
export const middlemanProfileRequestSchema = z.strictObject({
  games: z.array(z.enum(GAME_IDS, 'games must be games of TradeHub')).max(GAME_IDS.length),
})
export type MiddlemanProfileRequest = z.input<typeof middlemanProfileRequestSchema>

/** `:id` of /api/middleman/requests/:id */
export const middlemanRequestIdSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'id must be a request id' })
    .int('id must be a request id')
    .positive('id must be a request id')
    .max(Number.MAX_SAFE_INTEGER),
})
