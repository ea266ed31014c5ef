import { z } from 'zod'

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
