import { z } from 'zod'

/**
 * The parts of a Discord interaction the bot reads (docs/decisions/041): the rest of Discord's payload
 * passes through unread. Types: 1 PING, 2 APPLICATION_COMMAND, 4 APPLICATION_COMMAND_AUTOCOMPLETE.
 */
const optionSchema = z.object({
  name: z.string().max(32),
  type: z.number().int(),
  value: z.union([z.string().max(200), z.number(), z.boolean()]).optional(),
  focused: z.boolean().optional(),
})

/** Discord's ids (snowflakes): digits. */
const snowflake = z.string().regex(/^\d{1,20}$/)
const discordUser = z.object({ id: snowflake, username: z.string().max(100).optional() })

export const interactionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(1) }),
  z.object({
    type: z.union([z.literal(2), z.literal(4)]),
    token: z.string().min(1).max(500),
    data: z.object({
      name: z.string().max(32),
      options: z.array(optionSchema).max(25).default([]),
      /** The channels and roles that options name, as Discord resolved them. */
      resolved: z
        .object({
          channels: z
            .record(
              snowflake,
              z.object({ id: snowflake, name: z.string().max(100).optional(), type: z.number() }),
            )
            .optional(),
          roles: z
            .record(snowflake, z.object({ id: snowflake, name: z.string().max(100).optional() }))
            .optional(),
        })
        .optional(),
    }),
    /** In a server: the server, the channel and the member (with their permissions as a bit string). */
    guild_id: snowflake.optional(),
    channel_id: snowflake.optional(),
    member: z.object({ user: discordUser, permissions: z.string().regex(/^\d{1,20}$/) }).optional(),
    /** In a DM: the user. */
    user: discordUser.optional(),
  }),
])
export type Interaction = z.infer<typeof interactionSchema>

/** Discord's interaction response types the bot answers with. */
export const RESPONSE = { pong: 1, message: 4, deferred: 5, autocomplete: 8 } as const

/** Message flag: only the user who ran the command sees the reply. */
export const EPHEMERAL = 64

/** The Manage Server permission bit: who may /track a channel. */
export const MANAGE_GUILD = 1n << 5n

/** The Discord user who ran a command, in a server or a DM. */
export const invokerOf = (i: Interaction) => (i.type === 1 ? undefined : (i.member?.user ?? i.user))

/** The bot's bounds (docs/decisions/041). */
export const DISCORD_BOT_LIMITS = {
  /** Channels one server may track (all games together). */
  maxTracksPerServer: 10,
  /** /track, /untrack, /watch and /unwatch by one Discord user per minute. */
  writesPerUserPerMinute: 10,
} as const

export const DISCORD_BOT_MESSAGES = {
  tooManyChanges: 'Too many changes at once. Try again in a minute.',
} as const

/** The rarity a /track pings for when none is given. */
export const DEFAULT_PING_RARITY = 'Legendary'

// --- Connecting a Discord user to a TradeHub account (/watch) -------------------------------------

/** How long the link /watch gives stays valid. */
export const DISCORD_CONNECT_TTL_MS = 15 * 60_000
/** A connect link's token: a signed payload, far shorter than this. */
export const DISCORD_CONNECT_TOKEN_MAX = 1000

const connectToken = z
  .string({ error: 'token is required' })
  .min(1, 'token is required')
  .max(DISCORD_CONNECT_TOKEN_MAX, 'This link is not valid.')

/** POST /api/discord/connect */
export const discordConnectRequestSchema = z.strictObject({ token: connectToken })
export type DiscordConnectRequest = z.infer<typeof discordConnectRequestSchema>

/** GET /api/discord/connect?token= : what the link would connect (shown before the user agrees). */
export const discordConnectQuerySchema = z.object({ token: connectToken })

export const discordConnectPreviewSchema = z.object({
  username: z.string(),
  game: z.string(),
  gameName: z.string(),
  item: z.string(),
  itemName: z.string(),
})
export type DiscordConnectPreview = z.infer<typeof discordConnectPreviewSchema>

/** The signed-in user's connected Discord user (GET/DELETE /api/discord/connection, POST …/connect). */
export const discordConnectionSchema = z.object({
  discordUserId: z.string(),
  /** Their Discord username when they last used the bot. */
  username: z.string().nullable(),
  /** Why Discord stopped taking the DMs (the user closed them), until they /watch again. */
  dmProblem: z.string().nullable(),
  connectedAt: z.string(),
})
export type DiscordConnection = z.infer<typeof discordConnectionSchema>

export const discordConnectionResponseSchema = z.object({ connection: discordConnectionSchema.nullable() })
export type DiscordConnectionResponse = z.infer<typeof discordConnectionResponseSchema>

export const discordConnectResponseSchema = z.object({
  connection: discordConnectionSchema,
  preview: discordConnectPreviewSchema,
})
export type DiscordConnectResponse = z.infer<typeof discordConnectResponseSchema>
