import type { ComponentType } from 'react'
import { type LoaderFunction, type RouteObject, redirect } from 'react-router'
import { prefetchPublicProfile } from '@/features/accounts/web/public'
import { prefetchGames, prefetchItem, prefetchValues } from '@/features/catalog/web/public'
import { prefetchGuide, prefetchGuides } from '@/features/guides/web/public'
import { prefetchHome, prefetchSiteLinks } from '@/features/landing/web/public'
import { prefetchMiddlemen } from '@/features/middlemen/web/public'
import { prefetchApiDocs } from '@/features/public-api/web/public'
import { prefetchStockPage } from '@/features/stock/web/public'
import { prefetchTradeAd, prefetchTradeAds } from '@/features/trading/web/public'
import { PAGES, type PagePath, REDIRECTS } from '@/shared/pages'
import { RootLayout, ShellLoading } from './shell/root-layout'
import { RouteErrorPanel } from './shell/route-error-panel'

/** The trust page and its loader (the live figures) share one chunk. */
const trustPage = () => import('@/features/content/web/pages/trust-and-security-page')

/** The admin area's pages share one chunk. */
const adminPages = () => import('@/features/admin/web/pages/admin-pages')
/** /achievements and its loader: one chunk. */
const achievementsPage = () => import('@/features/achievements/web/pages/achievements-page')
/** The guides' editor: its own chunk (guide editors open only these admin pages). */
const adminGuidePages = () => import('@/features/guides/web/pages/admin-guides-pages')

interface PageRoute {
  /** The page's component, in its own chunk, loaded when the page is first visited. */
  load: () => Promise<ComponentType>
  /** Starts the page's request while its chunk loads. */
  loader?: LoaderFunction
  /** What the page shows depends on the time (countdowns, restock windows): rendered afresh each time. */
  live?: true
}

/** The route's `handle`, read by the server's renderer (entry-server.tsx). */
export interface PageHandle {
  live?: true
}

/**
 * The component of every page of src/shared/pages.ts (the one list of pages: a page missing here, or
 * one the list does not have, fails the type check).
 */
const PAGE_ROUTES: Record<PagePath, PageRoute> = {
  '/': {
    load: async () => (await import('@/features/landing/web/pages/home-page')).HomePage,
    loader: prefetchHome,
  },
  '/values-and-wfl': {
    load: async () => (await import('@/features/catalog/web/pages/values-page')).ValuesPage,
    loader: prefetchValues,
  },
  '/trade-helper/:game': {
    load: async () => (await import('@/features/catalog/web/pages/values-page')).ValuesPage,
    loader: prefetchValues,
  },
  '/trading': {
    load: async () => (await import('@/features/trading/web/pages/trading-page')).TradingPage,
    loader: prefetchTradeAds,
    live: true,
  },
  '/trading/new': {
    load: async () => (await import('@/features/trading/web/pages/post-ad-page')).PostAdPage,
  },
  '/trading/:game': {
    load: async () => (await import('@/features/trading/web/pages/trading-page')).TradingPage,
    loader: prefetchTradeAds,
    live: true,
  },
  '/values/suggestions': {
    load: async () => (await import('@/features/value-ops/web/pages/suggestions-page')).SuggestionsPage,
  },
  '/values/:game/:item': {
    load: async () => (await import('@/features/catalog/web/pages/item-page')).ItemPage,
    loader: prefetchItem,
  },
  '/how-values-are-set': {
    load: async () => (await import('@/features/catalog/web/pages/how-values-page')).HowValuesPage,
    loader: prefetchGames,
  },
  '/values/changes': {
    load: async () => (await import('@/features/value-ops/web/pages/changes-page')).ChangesPage,
  },
  '/grow-a-garden-stock': {
    load: async () =>
      (await import('@/features/stock/web/pages/grow-a-garden-stock-page')).GrowAGardenStockPage,
    loader: prefetchStockPage('grow-a-garden'),
    live: true,
  },
  '/blox-fruits-stock': {
    load: async () => (await import('@/features/stock/web/pages/blox-fruits-stock-page')).BloxFruitsStockPage,
    loader: prefetchStockPage('blox-fruits'),
    live: true,
  },
  '/stock-management': {
    load: async () => (await import('@/features/stock/web/pages/stock-management-page')).StockManagementPage,
  },
  '/sign-in': { load: async () => (await import('@/features/accounts/web/pages/sign-in-page')).SignInPage },
  '/profile': { load: async () => (await import('@/features/accounts/web/pages/profile-page')).ProfilePage },
  '/notifications': {
    load: async () => (await import('@/features/alerts/web/pages/notifications-page')).NotificationsPage,
  },
  '/u/:username': {
    load: async () => (await import('@/features/accounts/web/pages/public-profile-page')).PublicProfilePage,
    loader: prefetchPublicProfile,
  },
  '/trading/ad/:id': {
    load: async () => (await import('@/features/trading/web/pages/ad-page')).AdPage,
    loader: prefetchTradeAd,
    live: true,
  },
  '/trading/mine': {
    load: async () => (await import('@/features/trading/web/pages/my-trades-page')).MyTradesPage,
  },
  '/admin': { load: async () => (await adminPages()).AdminOverviewPage },
  '/admin/admins': { load: async () => (await adminPages()).AdminsPage },
  '/admin/stock-managers': { load: async () => (await adminPages()).StockManagersPage },
  '/admin/value-editors': { load: async () => (await adminPages()).ValueEditorsPage },
  '/admin/moderators': { load: async () => (await adminPages()).ModeratorsPage },
  '/admin/guide-editors': { load: async () => (await adminPages()).GuideEditorsPage },
  '/admin/middlemen': { load: async () => (await adminPages()).MiddlemenPage },
  '/admin/reports': {
    load: async () => (await import('@/features/admin/web/pages/reports-page')).ReportsPage,
  },
  '/admin/disputes': {
    load: async () => (await import('@/features/disputes/web/pages/admin-disputes-page')).AdminDisputesPage,
  },
  '/admin/values': {
    load: async () => (await import('@/features/value-ops/web/pages/value-tools-page')).ValueToolsPage,
  },
  '/admin/users': { load: async () => (await adminPages()).UsersPage },
  '/admin/users/:userId': { load: async () => (await adminPages()).UserPage },
  '/admin/launch-list': { load: async () => (await adminPages()).AdminLaunchListPage },
  '/admin/mail': { load: async () => (await adminPages()).MailPage },
  '/admin/contact': { load: async () => (await adminPages()).ContactMessagesPage },
  '/admin/audit': { load: async () => (await adminPages()).AuditPage },
  '/admin/guides': { load: async () => (await adminGuidePages()).AdminGuidesPage },
  '/admin/guides/:slug': { load: async () => (await adminGuidePages()).AdminGuidePage },
  '/admin/imports': {
    load: async () => (await import('@/features/admin/web/pages/imports-page')).ImportsPage,
  },
  '/join-server': {
    load: async () => (await import('@/features/community/web/pages/discord-pages')).JoinServerPage,
  },
  '/invite-bot': {
    load: async () => (await import('@/features/community/web/pages/discord-pages')).InviteBotPage,
  },
  '/discord/connect': {
    load: async () => (await import('@/features/discord/web/pages/connect-page')).DiscordConnectPage,
  },
  '/unsubscribe': {
    load: async () => (await import('@/features/launch-list/web/pages/unsubscribe-page')).UnsubscribePage,
  },
  '/verify-subscription': {
    load: async () =>
      (await import('@/features/launch-list/web/pages/verify-subscription-page')).VerifySubscriptionPage,
  },
  '/verification': {
    load: async () => (await import('@/features/content/web/pages/verification-page')).VerificationPage,
  },
  '/verify': {
    load: async () => (await import('@/features/content/web/pages/verification-page')).VerificationPage,
  },
  '/about': { load: async () => (await import('@/features/content/web/pages/about-page')).AboutPage },
  '/contact': { load: async () => (await import('@/features/content/web/pages/contact-page')).ContactPage },
  '/guides': {
    load: async () => (await import('@/features/guides/web/pages/guides-page')).GuidesPage,
    loader: prefetchGuides,
  },
  '/guides/:slug': {
    load: async () => (await import('@/features/guides/web/pages/guide-page')).GuidePage,
    loader: prefetchGuide,
  },
  '/achievements': {
    load: async () => (await achievementsPage()).AchievementsPage,
    loader: async (args) => (await achievementsPage()).prefetchAchievements(args),
  },
  '/referral-program': {
    load: async () =>
      (await import('@/features/achievements/web/pages/referral-program-page')).ReferralProgramPage,
  },
  '/escrow-service': {
    load: async () => (await import('@/features/middlemen/web/pages/escrow-service-page')).EscrowServicePage,
    loader: prefetchMiddlemen,
  },
  '/middleman': {
    load: async () => (await import('@/features/middlemen/web/pages/middleman-page')).MiddlemanPage,
  },
  '/trust-and-security': {
    load: async () => (await trustPage()).TrustAndSecurityPage,
    loader: async (args) => (await trustPage()).prefetchTrustFigures(args),
  },
  '/dispute-center': {
    load: async () => (await import('@/features/disputes/web/pages/dispute-center-page')).DisputeCenterPage,
  },
  '/dispute-center/new': {
    load: async () => (await import('@/features/disputes/web/pages/new-dispute-page')).NewDisputePage,
  },
  '/dispute-center/:id': {
    load: async () => (await import('@/features/disputes/web/pages/dispute-page')).DisputePage,
  },
  '/safe-sender-guide': {
    load: async () =>
      (await import('@/features/content/web/pages/safe-sender-guide-page')).SafeSenderGuidePage,
  },
  '/terms': { load: async () => (await import('@/features/content/web/pages/terms-page')).TermsPage },
  '/privacy': { load: async () => (await import('@/features/content/web/pages/privacy-page')).PrivacyPage },
  '/docs': { load: async () => (await import('@/features/content/web/pages/docs-page')).DocsPage },
  '/docs/api': {
    load: async () => (await import('@/features/public-api/web/pages/api-docs-page')).ApiDocsPage,
    loader: prefetchApiDocs,
  },
  '/sites': { load: async () => (await import('@/features/content/web/pages/sites-page')).SitesPage },
}

const pageRoutes = PAGES.map(({ path }) => {
  const { load, loader, live } = PAGE_ROUTES[path]
  const lazy = async () => ({ Component: await load() })
  const handle: PageHandle = { live }
  return path === '/' ? { index: true, loader, lazy, handle } : { path: path.slice(1), loader, lazy, handle }
})

const redirectRoutes = Object.entries(REDIRECTS).map(([path, to]) => ({
  path,
  loader: ({ request }: { request: Request }) => redirect(`${to}${new URL(request.url).search}`),
}))

/** Every route of the site, shared by the browser's router and the server's renderer. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    loader: prefetchSiteLinks,
    // The links are read once: other navigations do not run this again.
    shouldRevalidate: () => false,
    HydrateFallback: ShellLoading,
    children: [
      {
        ErrorBoundary: RouteErrorPanel,
        children: [
          ...pageRoutes,
          ...redirectRoutes,
          { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
        ],
      },
    ],
  },
]
