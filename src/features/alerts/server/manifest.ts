import { defineFeature } from '@/platform/server/context'
import { AlertWorker } from './alert-worker'
import { DiscordWorker } from './discord-worker'
import { AlertMailWorker } from './email-digest'
import { feedRoutes } from './feed-routes'
import { ruleRoutes } from './rule-routes'
import { settingsRoutes } from './settings-routes'
import { unsubscribeRoutes } from './unsubscribe-routes'
import { watchlistRoutes } from './watchlist-routes'

/**
 * Alerts on real events: watched items and rules, turned into notifications (in the notification centre;
 * e-mail at most every 15 minutes; a Discord webhook) by workers that follow the site's events, and the site
 * feed for every visitor. docs/decisions/010-alerts.md
 */
export default defineFeature({
  name: 'alerts',
  routes: {
    '/api/watchlist': watchlistRoutes,
    '/api/alert-rules': ruleRoutes,
    '/api/alert-settings': settingsRoutes,
    '/api/alert-unsubscribe': unsubscribeRoutes,
    '/api/feed': feedRoutes,
  },
  async startWorkers({ database, cache, logger, env, secret }) {
    const discord = new DiscordWorker({ database, logger, testOrigins: env.ALERT_WEBHOOK_TEST_ORIGINS })
    const mail = new AlertMailWorker({ database, logger, publicUrl: env.PUBLIC_URL, secret })
    const alerts = new AlertWorker({
      database,
      cache,
      logger,
      publicUrl: env.PUBLIC_URL,
      onEmailDue: () => mail.wake(),
    })
    await discord.start()
    await mail.start()
    await alerts.start()
    return {
      async stop() {
        await alerts.stop()
        await mail.stop()
        await discord.stop()
      },
    }
  },
})
