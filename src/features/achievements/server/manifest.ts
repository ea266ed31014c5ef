import { defineFeature } from '@/platform/server/context'
import { awardEveryone } from './award'
import { achievementRoutes, inviteRoutes, referralRoutes, userAchievementRoutes } from './routes'

/**
 * Achievements computed from the site's data, earned once and kept, and the referral program's invite
 * links. docs/decisions/038-achievements.md
 */
export default defineFeature({
  name: 'achievements',
  routes: {
    '/api/achievements': achievementRoutes,
    '/api/users': userAchievementRoutes,
    '/api/referrals': referralRoutes,
    '/r': inviteRoutes,
  },
  // The catch-up: accounts that earned achievements before they existed get them (in the background).
  async start(services) {
    const done = awardEveryone(services).catch((error) =>
      services.logger.error({ err: error }, 'achievements catch-up failed'),
    )
    return { stop: () => done }
  },
})
