import { z } from 'zod'
import { USERNAME_MAX } from '../accounts/username-rules'
import { ACHIEVEMENT_IDS } from './rules'

export * from './rules'

/** An achievement as the trader's name shows it (ads, profile): what it is, not how it is earned. */
export const badgeSchema = z.object({ id: z.enum(ACHIEVEMENT_IDS), name: z.string(), icon: z.string() })
export type Badge = z.infer<typeof badgeSchema>

/** GET /api/achievements: every achievement, its rule and how many traders hold it. */
export const achievementSchema = badgeSchema.extend({ rule: z.string(), holders: z.number().int() })
export type Achievement = z.infer<typeof achievementSchema>
export const achievementsResponseSchema = z.object({ achievements: z.array(achievementSchema) })
export type AchievementsResponse = z.infer<typeof achievementsResponseSchema>

/** GET /api/users/:username/achievements: what the trader earned and when, newest first. */
export const earnedAchievementSchema = badgeSchema.extend({ rule: z.string(), earnedAt: z.string() })
export type EarnedAchievement = z.infer<typeof earnedAchievementSchema>
export const userAchievementsResponseSchema = z.object({
  username: z.string(),
  achievements: z.array(earnedAchievementSchema),
})
export type UserAchievementsResponse = z.infer<typeof userAchievementsResponseSchema>

/** GET /api/referrals/me: my invite link and the traders who joined through it. */
export const referralsResponseSchema = z.object({
  /** The invite link's path (/r/{username}); null until a username is chosen. */
  path: z.string().nullable(),
  /** Joined through it and counted: e-mail verified, username chosen, a trade with someone else. */
  joined: z.number().int(),
  /** Signed up through it, not yet counted. */
  pending: z.number().int(),
})
export type ReferralsResponse = z.infer<typeof referralsResponseSchema>

/** A trader's username in a path (/api/users/:username/achievements, /r/:username). */
export const usernameParamSchema = z.strictObject({
  username: z
    .string()
    .min(1)
    .max(USERNAME_MAX)
    .toLowerCase()
    .regex(/^[a-z0-9_]+$/, 'username must be a username'),
})
