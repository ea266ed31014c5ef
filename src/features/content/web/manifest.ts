import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The trust page and its loader (the live figures) share one chunk. */
const trustPage = () => import('./pages/trust-and-security-page')

/** The content feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'content',
  pages: {
    '/verification': {
      load: () => import('./pages/verification-page').then((module) => module.VerificationPage),
    },
    '/verify': {
      load: () => import('./pages/verification-page').then((module) => module.VerificationPage),
    },
    '/safe-sender-guide': {
      load: () => import('./pages/safe-sender-guide-page').then((module) => module.SafeSenderGuidePage),
    },
    '/trust-and-security': {
      load: async () => (await trustPage()).TrustAndSecurityPage,
      loader: async (args) => (await trustPage()).prefetchTrustFigures(args),
    },
    '/docs': { load: () => import('./pages/docs-page').then((module) => module.DocsPage) },
    '/about': { load: () => import('./pages/about-page').then((module) => module.AboutPage) },
    '/contact': { load: () => import('./pages/contact-page').then((module) => module.ContactPage) },
    '/terms': { load: () => import('./pages/terms-page').then((module) => module.TermsPage) },
    '/privacy': { load: () => import('./pages/privacy-page').then((module) => module.PrivacyPage) },
    '/sites': { load: () => import('./pages/sites-page').then((module) => module.SitesPage) },
  },
})
