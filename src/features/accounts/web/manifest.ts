import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'
import { prefetchPublicProfile } from './public'

/** The accounts feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'accounts',
  pages: {
    '/sign-in': { load: () => import('./pages/sign-in-page').then((module) => module.SignInPage) },
    '/profile': { load: () => import('./pages/profile-page').then((module) => module.ProfilePage) },
    '/u/:username': {
      load: () => import('./pages/public-profile-page').then((module) => module.PublicProfilePage),
      loader: prefetchPublicProfile,
    },
  },
})
