/**
 * The contracts of Roblox verification: the Roblox account a trader links (profiles show it) and the
 * steps of proving it by a phrase in the Roblox profile's About.
 */
import { z } from 'zod'
import { text } from '@/shared/text'

export * from './rules'

/** A Roblox user as Roblox names them. */
export const robloxUserSchema = z.object({ id: z.number().int(), name: z.string(), displayName: z.string() })
export type RobloxUser = z.infer<typeof robloxUserSchema>

/**
 * A verified Roblox account as profiles show it (apart from the trust contracts: /api/me's schema, in
 * every page's code, needs only this).
 */
export const robloxAccountSchema = robloxUserSchema.extend({
  avatarUrl: z.string().nullable(),
  verifiedAt: z.string(),
})
export type RobloxAccount = z.infer<typeof robloxAccountSchema>

// --- Verified Roblox accounts -----------------------------------------------------------------------

/** Roblox usernames: 3 to 20 letters, digits and one underscore (not first nor last). */
export const robloxUsernameSchema = text('username', {
  min: 3,
  max: 20,
  messages: {
    tooShort: 'Enter your Roblox username',
    tooLong: 'A Roblox username has at most 20 characters',
  },
}).regex(/^[A-Za-z0-9]+(_[A-Za-z0-9]+)?$/, 'A Roblox username has letters, digits and at most one underscore')

/** POST /api/verification/roblox */
export const robloxStartRequestSchema = z.strictObject({ username: robloxUsernameSchema })
export type RobloxStartRequest = z.input<typeof robloxStartRequestSchema>

/** 201 of POST /api/verification/roblox: the phrase to put in the About, until `expiresAt`. */
export const robloxStartResponseSchema = z.object({
  phrase: z.string(),
  robloxUser: robloxUserSchema,
  expiresAt: z.string(),
})
export type RobloxStartResponse = z.infer<typeof robloxStartResponseSchema>

/** 200 of POST /api/verification/roblox/check */
export const robloxCheckResponseSchema = z.object({
  verified: z.literal(true),
  robloxUser: robloxAccountSchema,
})
export type RobloxCheckResponse = z.infer<typeof robloxCheckResponseSchema>
