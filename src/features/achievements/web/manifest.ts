import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

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
})
