import { Hono } from 'hono'
import { catalogOf } from '@/features/catalog/server/public'
import {
  type DiscordConnectionResponse,
  type DiscordConnectPreview,
  type DiscordConnectResponse,
  discordConnectQuerySchema,
  discordConnectRequestSchema,
} from '@/features/discord/contract'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { clockOf } from '@/platform/server/context'
import { jsonBody, queryParams } from '@/platform/server/lib/validate'
import { connectDiscord, connectionOf, disconnectDiscordUser, previewOf, readConnectToken } from './connect'
import { answerInteraction } from './interactions'
import { apiOf } from './rest'
import { readInteraction } from './signature'

/**
 * Discord's interactions endpoint (404 unless the bot is configured, 401 unless Discord signed it), and
 * the signed-in user's connection of a Discord user (the /watch link's page, the alerts settings).
 */
export const discordRoutes = new Hono<UserEnv>()
  .post('/interactions', async (c) => {
    const { env } = c.var.deps
    if (!env.DISCORD_PUBLIC_KEY || !env.DISCORD_APPLICATION_ID) return c.json({ error: 'Not found' }, 404)
    const read = readInteraction(env.DISCORD_PUBLIC_KEY, {
      signature: c.req.header('x-signature-ed25519'),
      timestamp: c.req.header('x-signature-timestamp'),
      // The signature covers the raw bytes: read them before any JSON parsing.
      body: await c.req.text(),
      now: clockOf(c.var.deps)(),
    })
    if ('refused' in read) return c.json({ error: read.refused }, read.status)
    const deps = {
      app: c.var.deps,
      catalog: catalogOf(c.var.deps),
      publicUrl: env.PUBLIC_URL,
      api: apiOf(env),
    }
    return c.json(await answerInteraction(deps, read.interaction))
  })
  .get('/connect', queryParams(discordConnectQuerySchema), async (c) => {
    const { deps } = c.var
    const claim = readConnectToken(deps.secret, c.req.valid('query').token, clockOf(deps)())
    c.header('Cache-Control', 'private, no-store')
    return c.json<DiscordConnectPreview>(await previewOf(catalogOf(deps), claim))
  })
  .post('/connect', requireUser, jsonBody(discordConnectRequestSchema), async (c) => {
    const { deps, session } = c.var
    const connected = await connectDiscord(
      { secret: deps.secret, catalog: catalogOf(deps), now: clockOf(deps)() },
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
    await disconnectDiscordUser(c.var.deps.database.db, c.var.session.user.id)
    return c.json<DiscordConnectionResponse>({ connection: null })
  })
