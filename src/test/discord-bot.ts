import { DmWorker } from '@/features/discord/server/dm'
import { BotMessageWorker } from '@/features/discord/server/outbox'
import { apiOf } from '@/features/discord/server/rest'
import { TrackWorker } from '@/features/discord/server/track'
import { createLogger } from '@/platform/server/lib/logger'
import type { LimitOverrides } from '@/platform/server/lib/rate-limit'
import { createTestApp, TEST_ORIGIN } from './app'
import {
  type DiscordApiStandIn,
  discordKeyPair,
  interactionSender,
  startDiscordApi,
  TEST_APPLICATION_ID,
} from './discord-api'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
export const TEST_BOT_TOKEN = 'test-bot-token'

/**
 * A test app with the bot configured, answering interactions signed with `key`; with `standIn`, the bot
 * may post (a bot token) and calls the stand-in of Discord's API. `like`: another instance on the same
 * database, Discord application and stand-in (PostgreSQL only).
 */
export async function createBotApp(
  options: {
    standIn?: boolean
    limits?: LimitOverrides
    like?: { t: TestApp; key: ReturnType<typeof discordKeyPair>; discord: DiscordApiStandIn | null }
  } = {},
) {
  const key = options.like?.key ?? discordKeyPair()
  const discord = options.like?.discord ?? (options.standIn ? await startDiscordApi() : null)
  const t = await createTestApp({
    env: {
      DISCORD_PUBLIC_KEY: key.hex,
      DISCORD_APPLICATION_ID: TEST_APPLICATION_ID,
      ...(discord && { DISCORD_API_URL: discord.url, DISCORD_BOT_TOKEN: TEST_BOT_TOKEN }),
    },
    ...(options.limits && { limits: options.limits }),
    ...(options.like && { sameDatabaseAs: options.like.t }),
  })
  const sender = interactionSender(t.app, key.privateKey)
  return {
    t,
    key,
    discord,
    ...sender,
    async close() {
      await t.close()
      if (!options.like) await discord?.close()
    },
  }
}
export type BotApp = Awaited<ReturnType<typeof createBotApp>>
export type { DiscordApiStandIn }

/** The bot's workers as its feature starts them, quick to retry; resolves to their stop. */
export async function startBotWorkers(t: TestApp) {
  const logger = createLogger('silent')
  const workers = [
    new BotMessageWorker({
      database: t.database,
      logger,
      api: apiOf(t.env),
      pollMs: 100,
      backoffBaseMs: 50,
      backoffMaxMs: 200,
    }),
    new TrackWorker({
      database: t.database,
      logger,
      catalog: { db: t.database.db, cache: t.cache },
      publicUrl: TEST_ORIGIN,
      pollMs: 100,
    }),
    new DmWorker({ database: t.database, logger, publicUrl: TEST_ORIGIN }),
  ]
  for (const worker of workers) await worker.start()
  return async () => {
    for (const worker of workers.reverse()) await worker.stop()
  }
}
