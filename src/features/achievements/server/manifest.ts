import { managerReported } from '@/features/stock/server/public'
import { tradeCompleted, traderExtras } from '@/features/trading/server/public'
import { reviewPosted } from '@/features/trust/server/public'
import { suggestionApproved } from '@/features/value-ops/server/public'
import { robloxAccountChanged } from '@/features/verification/server/public'
import { accountCreated } from '@/platform/server/auth/hooks'
import { defineFeature } from '@/platform/server/context'
import { type HookDeps, implement } from '@/platform/server/hooks'
import { awardAchievements, awardEveryone } from './award'
import { recordReferral } from './referral'
import { achievementRoutes, inviteRoutes, referralRoutes, userAchievementRoutes } from './routes'
import { badgesOf } from './service'

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
  // Achievements follow what traders do: each event below may earn one (docs/decisions/038-achievements.md).
  hooks: [
    // A new account brought by an invite link counts toward its inviter's Recruiter badge.
    implement(accountCreated, recordReferral),
    ...[tradeCompleted, reviewPosted, suggestionApproved, managerReported, robloxAccountChanged].map(
      (event) =>
        implement(event, async (deps: HookDeps, userIds: readonly string[]) => {
          await awardAchievements(deps, userIds)
        }),
    ),
    // Ads and offers show each trader's newest badges.
    implement(traderExtras, async (db, ids) => {
      const badges = await badgesOf(db, ids)
      return new Map([...badges].map(([id, achievements]) => [id, { achievements }]))
    }),
  ],
  // The catch-up: accounts that earned achievements before they existed get them (in the background).
  async start(services) {
    const done = awardEveryone(services).catch((error) =>
      services.logger.error({ err: error }, 'achievements catch-up failed'),
    )
    return { stop: () => done }
  },
})
