import { defineFeature } from '@/platform/server/context'
import { DmWorker } from './dm'
import { BotMessageWorker } from './outbox'
import { apiOf } from './rest'
import { discordRoutes } from './routes'
import { TrackWorker } from './track'

/**
 * The TradeHub Discord bot over HTTP interactions (docs/decisions/041): the interactions endpoint, and
 * when the bot is configured, the workers that post restocks to tracked channels, DM connected users
 * their alerts and send its messages.
 */
export default defineFeature({
  name: 'discord',
  routes: { '/api/discord': discordRoutes },
  async startWorkers({ env, database, logger, cache }) {
    if (!env.DISCORD_PUBLIC_KEY || !env.DISCORD_APPLICATION_ID) return undefined
    const outbox = new BotMessageWorker({ database, logger, api: apiOf(env) })
    const tracks = new TrackWorker({
      database,
      logger,
      catalog: { db: database.db, cache },
      publicUrl: env.PUBLIC_URL,
    })
    const dms = new DmWorker({ database, logger, publicUrl: env.PUBLIC_URL })
    await outbox.start()
    await tracks.start()
    await dms.start()
    return {
      async stop() {
        await dms.stop()
        await tracks.stop()
        await outbox.stop()
      },
    }
  },
})
