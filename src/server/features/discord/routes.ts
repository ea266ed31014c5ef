import { type Context, Hono } from 'hono'
import { requireUser, type UserEnv } from '@/server/auth/session'
import { catalogOf } from '@/server/features/catalog/public'
import { hitRateLimit } from '@/server/lib/rate-limit'
import { jsonBody, queryParams } from '@/server/lib/validate'
import {
  DISCORD_BOT_LIMITS,
  DISCORD_BOT_MESSAGES,
  type DiscordConnectionResponse,
  type DiscordConnectPreview,
  type DiscordConnectResponse,
  discordConnectQuerySchema,
  discordConnectRequestSchema,
  interactionSchema,
} from '@/shared/discord'
import { connectDiscord, connectionOf, disconnectDiscordUser, previewOf, readConnectToken } from './connect'
import { answerInteraction } from './interactions'
import { apiOf } from './rest'
import { publicKeyFromHex, verifyInteraction } from './signature'

/** Connecting and disconnecting count against the same per-minute bound as the bot's own changes. */
const countConnectionChange = (c: Context<UserEnv>) =>
  hitRateLimit(
    c.var.deps.database.db,
    `discord:connection:${c.var.session.user.id}`,
    { max: DISCORD_BOT_LIMITS.writesPerUserPerMinute, windowSeconds: 60 },
    DISCORD_BOT_MESSAGES.tooManyChanges,
  )

/**
 * Discord's interactions endpoint (404 unless the bot is configured, 401 unless Discord signed it), and
 * the signed-in user's connection of a Discord user (the /watch link's page, the alerts settings).
 */
export const discordRoutes = new Hono<UserEnv>()
  .post('/interactions', async (c) => {
    const { env, clock } = c.var.deps
    if (!env.DISCORD_PUBLIC_KEY || !env.DISCORD_APPLICATION_ID) return c.json({ error: 'Not found' }, 404)
    // The signature covers the raw bytes: read them before any JSON parsing.
    const body = await c.req.text()
    const signed = verifyInteraction(
      publicKeyFromHex(env.DISCORD_PUBLIC_KEY),
      c.req.header('x-signature-ed25519'),
      c.req.header('x-signature-timestamp'),
      body,
      clock?.() ?? new Date(),
    )
    if (!signed) return c.json({ error: 'Invalid request signature' }, 401)
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      return c.json({ error: 'The body is not JSON' }, 400)
    }
    const parsed = interactionSchema.safeParse(json)
    if (!parsed.success) return c.json({ error: 'Not an interaction TradeHub answers' }, 400)
    const deps = {
      app: c.var.deps,
      catalog: catalogOf(c.var.deps),
      publicUrl: env.PUBLIC_URL,
      api: apiOf(env),
    }
    return c.json(await answerInteraction(deps, parsed.data))
  })
  .get('/connect', queryParams(discordConnectQuerySchema), async (c) => {
    const { deps } = c.var
    const claim = readConnectToken(deps.secret, c.req.valid('query').token, deps.clock?.() ?? new Date())
    c.header('Cache-Control', 'private, no-store')
    return c.json<DiscordConnectPreview>(await previewOf(catalogOf(deps), claim))
  })
  .post('/connect', requireUser, jsonBody(discordConnectRequestSchema), async (c) => {
    const { deps, session } = c.var
    await countConnectionChange(c)
    const connected = await connectDiscord(
      { secret: deps.secret, catalog: catalogOf(deps), now: deps.clock?.() ?? new Date() },
      session.user.id,
      c.req.valid('json').token,
    )
    return c.json<DiscordConnectResponse>(connected)
  })
  .get('/connection', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    const connection = await connectionOf(c.var.deps.database.db, c.var.session.user.id)
    return c.json<DiscordConnectionResponse>({ connection })
  })
  .delete('/connection', requireUser, async (c) => {
    await countConnectionChange(c)
    await disconnectDiscordUser(c.var.deps.database.db, c.var.session.user.id)
    return c.json<DiscordConnectionResponse>({ connection: null })
  })
