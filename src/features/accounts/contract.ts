import { z } from 'zod'
import { GAME_IDS, STOCK_GAMES } from '@/shared/games'
import { text } from '@/shared/text'
import { itemSummarySchema } from '../catalog/contract'
import { robloxAccountSchema } from '../verification/contract'
import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  SOCIAL_KEYS,
  SOCIAL_LABELS,
  SOCIAL_LINK_MAX,
  type SocialKey,
  socialLinkProblem,
  USERNAME_MAX,
  USERNAME_MESSAGES,
  usernameProblem,
} from './rules'

/** POST /api/profile/username */
export const usernameBodySchema = z.strictObject({
  // Not trimmed: a username is taken exactly as typed (spaces are refused by its pattern). The bound only
  // stops absurd input; usernameProblem gives the spec's messages in the spec's order.
  username: text('Username', {
    max: USERNAME_MAX * 8,
    trim: false,
    messages: { badText: USERNAME_MESSAGES.pattern, tooLong: USERNAME_MESSAGES.tooLong },
  }).superRefine((value, ctx) => {
    const problem = usernameProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
})

const socialLinkSchema = (key: SocialKey) =>
  text(SOCIAL_LABELS[key], {
    max: SOCIAL_LINK_MAX,
    messages: { tooLong: `${SOCIAL_LABELS[key]}: at most ${SOCIAL_LINK_MAX} characters` },
  }).optional()

const socialLinksSchema = z
  .strictObject(
    Object.fromEntries(SOCIAL_KEYS.map((k) => [k, socialLinkSchema(k)])) as Record<
      SocialKey,
      ReturnType<typeof socialLinkSchema>
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
    displayName: text('Display name', {
      min: 1,
      max: DISPLAY_NAME_MAX,
      noControlCharacters: true,
      messages: { tooShort: 'Display name cannot be empty' },
    })
      // A page shows any run of spaces as one: 'Kitsune  King' or a no-break space would pass as another
      // user's 'Kitsune King' and slip past the uniqueness rule.
      .transform((v) => v.replace(/\s+/g, ' '))
      .optional(),
    bio: text('Bio', { max: BIO_MAX }).optional(),
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
  /** The Roblox account its owner verified (the Verified badge), null: none. */
  roblox: robloxAccountSchema.nullable(),
})
export type Profile = z.infer<typeof profileSchema>

/** GET /api/me: who is signed in (user null for a visitor). */
export const meResponseSchema = z.object({
  user: z
    .object({
      id: z.string(),
      /** Null: the account has no e-mail (made by signing in with Roblox; docs/decisions/046). */
      email: z.string().nullable(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
      isAdmin: z.boolean(),
      /** Works the reports' queue (the moderator role, or an admin). */
      isModerator: z.boolean(),
      /** Writes the guides (the guide-editor role, or an admin). */
      isGuideEditor: z.boolean(),
      /** An official middleman (the middleman role; admins are not unless granted it). */
      isMiddleman: z.boolean(),
      /** Games with stock whose stock this user manages (admins manage all). */
      stockManagerGames: z.array(z.enum(STOCK_GAMES)),
      /** Games whose values and items this user edits (admins edit all). */
      valueEditorGames: z.array(z.enum(GAME_IDS)),
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

/** GET /api/auth-providers: the sign-in buttons this server offers (`id` is Better Auth's provider id). */
export interface AuthProvider {
  id: string
  name: string
}
export interface AuthProvidersResponse {
  providers: AuthProvider[]
}

// --- Blocks: traders I block cannot offer me, write to me or review me; I don't see their ads -------

/** `:username` of /api/blocks/:username */
export const blockParamSchema = z.strictObject({
  username: text('username', { min: 1, max: USERNAME_MAX })
    .toLowerCase()
    .regex(/^[a-z0-9_]+$/, 'username must be a username'),
})

export const blockedTraderSchema = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  blockedAt: z.string(),
})
/** GET /api/blocks: the traders I blocked, newest first. */
export const blocksResponseSchema = z.object({ blocks: z.array(blockedTraderSchema) })
export type BlocksResponse = z.infer<typeof blocksResponseSchema>
