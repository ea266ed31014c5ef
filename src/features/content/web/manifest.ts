import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The trust page and its loader (the live figures) share one chunk. */
const trustPage = () => import('./pages/trust-and-security-page')

/** The content feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'content',
  pages: {
    '/verification': {
      load: async () => (await import('./pages/verification-page')).VerificationPage,
    },
    '/verify': {
      load: async () => (await import('./pages/verification-page')).VerificationPage,
    },
    '/safe-sender-guide': {
      load: async () => (await import('./pages/safe-sender-guide-page')).SafeSenderGuidePage,
    },
    '/trust-and-security': {
      load: async () => (await trustPage()).TrustAndSecurityPage,
      loader: async (args) => (await trustPage()).prefetchTrustFigures(args),
    },
    '/docs': { load: async () => (await import('./pages/docs-page')).DocsPage },
    '/about': { load: async () => (await import('./pages/about-page')).AboutPage },
    '/contact': { load: async () => (await import('./pages/contact-page')).ContactPage },
    '/terms': { load: async () => (await import('./pages/terms-page')).TermsPage },
    '/privacy': { load: async () => (await import('./pages/privacy-page')).PrivacyPage },
    '/sites': { load: async () => (await import('./pages/sites-page')).SitesPage },
  },
})
