import { z } from 'zod'
import { itemSummarySchema } from './catalog'
import { GAME_IDS } from './games'
import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  SOCIAL_KEYS,
  type SocialKey,
  socialLinkProblem,
  usernameProblem,
} from './profile-rules'

/** POST /api/profile/username */
export const usernameBodySchema = z.strictObject({
  username: z.string().superRefine((value, ctx) => {
    const problem = usernameProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
})

const socialLinksSchema = z
  .strictObject(
    Object.fromEntries(SOCIAL_KEYS.map((k) => [k, z.string().trim().optional()])) as Record<
      SocialKey,
      z.ZodOptional<z.ZodString>
    >,
  )
  .superRefine((links, ctx) => {
    for (const key of SOCIAL_KEYS) {
      const problem = socialLinkProblem(key, links[key] ?? '')
      if (problem) ctx.addIssue({ code: 'custom', path: [key], message: problem })
    }
  })

/** PATCH /api/profile: the fields sent are changed, the others kept. */
export const profileUpdateSchema = z
  .strictObject({
    displayName: z
      .string()
      .trim()
      .min(1, 'Display name cannot be empty')
      .max(DISPLAY_NAME_MAX, `Display name must be ${DISPLAY_NAME_MAX} characters or less`)
      .refine((v) => !/[\p{Cc}\p{Cf}]/u.test(v), 'Display name cannot contain control characters')
      // A page shows any run of spaces as one: 'Kitsune  King' or a no-break space would pass as another
      // user's 'Kitsune King' and slip past the uniqueness rule.
      .transform((v) => v.replace(/\s+/g, ' '))
      .optional(),
    bio: z.string().max(BIO_MAX, `Bio must be ${BIO_MAX} characters or less`).optional(),
    socialLinks: socialLinksSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update')
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>

export const profileSchema = z.object({
  username: z.string().nullable(),
  displayName: z.string(),
  bio: z.string(),
  avatarUrl: z.string().nullable(),
  socialLinks: z.record(z.string(), z.string()),
  /** The account's verified e-mail is a verified launch-list subscriber. */
  ogBadge: z.boolean(),
  joinedAt: z.string(),
})
export type Profile = z.infer<typeof profileSchema>

/** GET /api/me: who is signed in (user null for a visitor). */
export const meResponseSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
      isAdmin: z.boolean(),
      /** Games whose stock this user manages (admins manage all). */
      stockManagerGames: z.array(z.enum(GAME_IDS)),
      profile: profileSchema,
    })
    .nullable(),
})
export type MeResponse = z.infer<typeof meResponseSchema>
export type Me = NonNullable<MeResponse['user']>

const favoriteItemSchema = itemSummarySchema.extend({ favoritedAt: z.string() })

/** GET /api/users/:username */
export const publicProfileResponseSchema = z.object({
  profile: profileSchema,
  favorites: z.array(favoriteItemSchema),
})
export type PublicProfileResponse = z.infer<typeof publicProfileResponseSchema>
