/** What other features may use of the achievements (lint refuses any other import of its files). */
import type { PrefetchArgs } from '@/web/lib/query-client'

export { userAchievementsQuery } from './api'
export { TraderAchievements } from './components/trader-achievements'

/** /achievements' loader; its code loads with the page's. */
export const prefetchAchievements = async (args: PrefetchArgs) =>
  (await import('./api')).prefetchAchievements(args)
