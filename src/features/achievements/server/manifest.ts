import { subscriberVerified } from '@/features/launch-list/server/public'
import { middlemanJobDone } from '@/features/middlemen/server/public'
import { managerReported } from '@/features/stock/server/public'
import { tradeCompleted, traderExtras } from '@/features/trading/server/public'
import { reviewPosted } from '@/features/trust/server/public'
import { suggestionApproved } from '@/features/value-ops/server/public'
import { robloxAccountChanged } from '@/features/verification/server/public'
import { accountCreated } from '@/platform/server/auth/hooks'
import { defineFeature } from '@/platform/server/context'
import { type HookDeps, implement } from '@/platform/server/hooks'
import { awardAchievements, awardEveryone, usersWithEmails } from './award'
import { invitersOf, recordReferral } from './referral'
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
    // A new account: the invite that brought it (its inviter's Recruiter badge, once it trades), and
    // what it earns at once (OG member: its e-mail confirmed on the launch list).
    implement(accountCreated, async (db, userId, cookie) => {
      await recordReferral(db, userId, cookie)
      await awardAchievements({ db }, [userId])
    }),
    // A trade: its traders' badges, and their inviters' Recruiter (a trade with someone else counts it).
    implement(tradeCompleted, async (deps, userIds) => {
      await awardAchievements(deps, [...userIds, ...(await invitersOf(deps.db, userIds))])
    }),
    ...[reviewPosted, suggestionApproved, managerReported, robloxAccountChanged, middlemanJobDone].map(
      (event) =>
        implement(event, async (deps: HookDeps, userIds: readonly string[]) => {
          await awardAchievements(deps, userIds)
        }),
    ),
    // The launch list confirmed an address: OG member for the account with it, if there is one.
    implement(subscriberVerified, async (deps, emails) => {
      await awardAchievements(deps, await usersWithEmails(deps.db, emails))
    }),
    // Ads and offers show each trader's newest badges.
    implement(traderExtras, async (db, ids) => {
      const badges = await badgesOf(db, ids)
      return new Map([...badges].map(([id, achievements]) => [id, { achievements }]))
    }),
  ],
  // The catch-up: accounts that earned achievements before they existed get them (in the background).
  async startWorkers(services) {
    const done = awardEveryone(services).catch((error) =>
      services.logger.error({ err: error }, 'achievements catch-up failed'),
    )
    return { stop: () => done }
  },
})
