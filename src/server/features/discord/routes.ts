import { Hono } from 'hono'
import type { AppEnv } from '@/server/context'
import { catalogOf } from '@/server/features/catalog/public'
import { interactionSchema } from '@/shared/discord'
import { answerInteraction } from './interactions'
import { apiOf } from './rest'
import { publicKeyFromHex, verifyInteraction } from './signature'

/** Discord's interactions endpoint: 404 unless the bot is configured, 401 unless Discord signed it. */
export const discordRoutes = new Hono<AppEnv>().post('/interactions', async (c) => {
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
  const deps = { app: c.var.deps, catalog: catalogOf(c.var.deps), publicUrl: env.PUBLIC_URL, api: apiOf(env) }
  return c.json(await answerInteraction(deps, parsed.data))
})
