import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'
import { prefetchPublicProfile } from './public'

/** The accounts feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'accounts',
  pages: {
    '/sign-in': { load: async () => (await import('./pages/sign-in-page')).SignInPage },
    '/profile': { load: async () => (await import('./pages/profile-page')).ProfilePage },
    '/u/:username': {
      load: async () => (await import('./pages/public-profile-page')).PublicProfilePage,
      loader: prefetchPublicProfile,
    },
  },
})
