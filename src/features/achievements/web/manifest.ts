import { publicProfileRequests, publicProfileSections } from '@/features/accounts/web/public'
import { defineWebFeature } from '@/platform/web/app/feature'
import { addTo, fill } from '@/platform/web/lib/slots'
import type { PAGES } from '../pages'
import { AchievementsSection } from './fills'
import { prefetchUserAchievements } from './public'

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
      load: async () => (await import('./pages/referral-program-page')).ReferralProgramPage,
    },
  },
  slots: [
    // The reputation (trust) first, then the achievements.
    fill(publicProfileSections, AchievementsSection, 20),
    addTo(publicProfileRequests, prefetchUserAchievements),
  ],
})
