import { publicProfileRequests, publicProfileSections } from '@/features/accounts/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { addTo, fill, lazyFills } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import { prefetchUserAchievements } from './public'

/** Its fills' code loads when a slot first shows one: every page reads the manifest, not the fills. */
const fills = lazyFills('achievements', () => import('./fills'))

/** /achievements and its loader: one chunk. */
const achievementsPage = () => import('./pages/achievements-page')

/** The achievements feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'achievements',
  pages: {
    '/achievements': {
      load: async () => (await achievementsPage()).AchievementsPage,
      loader: async (args) => (await achievementsPage()).prefetchAchievements(args),
    },
    '/referral-program': {
      load: () => import('./pages/referral-program-page').then((module) => module.ReferralProgramPage),
    },
  },
  slots: [
    // The reputation (trust) first, then the achievements.
    fill(publicProfileSections, fills('AchievementsSection'), 20),
    addTo(publicProfileRequests, prefetchUserAchievements),
  ],
})
