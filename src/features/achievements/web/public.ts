/** What other features may use of the achievements (lint refuses any other import of its files). */
import { lazy } from '@/platform/web/lib/lazy'
import type { PrefetchArgs } from '@/platform/web/lib/query-client'

/** /achievements' loader; its code loads with the page's, not with the shell. */
export const prefetchAchievements = async (args: PrefetchArgs) =>
  (await import('./api')).prefetchAchievements(args)

/** A trader's achievements, for a loader of a page that shows them (the public profile). */
export const prefetchUserAchievements = async (args: PrefetchArgs<'username'>) =>
  (await import('./api')).prefetchUserAchievements(args)

/** A public profile's achievements with their days. Its code loads when first rendered (inside Suspense). */
export const TraderAchievements = lazy(async () => ({
  default: (await import('./components/trader-achievements')).TraderAchievements,
}))
