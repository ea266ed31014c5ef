import { createBrowserRouter, redirect } from 'react-router'
import { REDIRECTS } from '@/shared/pages'
import { prefetchItem, prefetchValues } from '@/web/features/catalog/view'
import { RootLayout, ShellLoading } from './shell/root-layout'
import { RouteErrorPanel } from './shell/route-error-panel'

type PageModule = Promise<{ Component: React.ComponentType }>

/** Every page is its own chunk, loaded when first visited. */
const page = (load: () => PageModule) => ({ lazy: load })

const redirectRoutes = Object.entries(REDIRECTS).map(([path, to]) => ({
  path,
  loader: ({ request }: { request: Request }) => redirect(`${to}${new URL(request.url).search}`),
}))

export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: ShellLoading,
    children: [
      {
        ErrorBoundary: RouteErrorPanel,
        children: [
          {
            index: true,
            ...page(async () => ({
              Component: (await import('@/web/features/landing/pages/home-page')).HomePage,
            })),
          },
          {
            path: 'values-and-wfl',
            loader: prefetchValues,
            ...page(async () => ({
              Component: (await import('@/web/features/catalog/pages/values-page')).ValuesPage,
            })),
          },
          {
            path: 'trade-helper/:game',
            loader: prefetchValues,
            ...page(async () => ({
              Component: (await import('@/web/features/catalog/pages/values-page')).ValuesPage,
            })),
          },
          {
            path: 'values/:gameId/:itemId',
            loader: prefetchItem,
            ...page(async () => ({
              Component: (await import('@/web/features/catalog/pages/item-page')).ItemPage,
            })),
          },
          {
            path: 'grow-a-garden-stock',
            ...page(async () => ({
              Component: (await import('@/web/features/stock/pages/stock-page')).GrowAGardenStockPage,
            })),
          },
          {
            path: 'blox-fruits-stock',
            ...page(async () => ({
              Component: (await import('@/web/features/stock/pages/stock-page')).BloxFruitsStockPage,
            })),
          },
          {
            path: 'stock-management',
            ...page(async () => ({
              Component: (await import('@/web/features/stock/pages/stock-management-page'))
                .StockManagementPage,
            })),
          },
          {
            path: 'sign-in',
            ...page(async () => ({
              Component: (await import('@/web/features/accounts/pages/sign-in-page')).SignInPage,
            })),
          },
          {
            path: 'profile',
            ...page(async () => ({
              Component: (await import('@/web/features/accounts/pages/profile-page')).ProfilePage,
            })),
          },
          {
            path: 'u/:username',
            ...page(async () => ({
              Component: (await import('@/web/features/accounts/pages/public-profile-page'))
                .PublicProfilePage,
            })),
          },
          {
            path: 'admin',
            ...page(async () => ({
              Component: (await import('@/web/features/accounts/pages/admin-page')).AdminPage,
            })),
          },
          {
            path: 'join-server',
            ...page(async () => ({
              Component: (await import('@/web/features/community/pages/discord-pages')).JoinServerPage,
            })),
          },
          {
            path: 'invite-bot',
            ...page(async () => ({
              Component: (await import('@/web/features/community/pages/discord-pages')).InviteBotPage,
            })),
          },
          {
            path: 'unsubscribe',
            ...page(async () => ({
              Component: (await import('@/web/features/launch-list/pages/unsubscribe-page')).UnsubscribePage,
            })),
          },
          {
            path: 'verify-subscription',
            ...page(async () => ({
              Component: (await import('@/web/features/launch-list/pages/verify-subscription-page'))
                .VerifySubscriptionPage,
            })),
          },
          ...['verification', 'verify'].map((path) => ({
            path,
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/verification-page')).VerificationPage,
            })),
          })),
          {
            path: 'about',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/about-page')).AboutPage,
            })),
          },
          {
            path: 'contact',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/contact-page')).ContactPage,
            })),
          },
          {
            path: 'guides',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/guides-page')).GuidesPage,
            })),
          },
          {
            path: 'achievements',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/achievements-page')).AchievementsPage,
            })),
          },
          {
            path: 'escrow-service',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/escrow-service-page')).EscrowServicePage,
            })),
          },
          {
            path: 'trust-and-security',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/trust-and-security-page'))
                .TrustAndSecurityPage,
            })),
          },
          {
            path: 'dispute-center',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/dispute-center-page')).DisputeCenterPage,
            })),
          },
          {
            path: 'safe-sender-guide',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/safe-sender-guide-page'))
                .SafeSenderGuidePage,
            })),
          },
          {
            path: 'terms',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/terms-page')).TermsPage,
            })),
          },
          {
            path: 'privacy',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/privacy-page')).PrivacyPage,
            })),
          },
          {
            path: 'docs',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/docs-page')).DocsPage,
            })),
          },
          {
            path: 'sites',
            ...page(async () => ({
              Component: (await import('@/web/features/content/pages/sites-page')).SitesPage,
            })),
          },
          ...redirectRoutes,
          {
            path: '*',
            ...page(async () => ({ Component: (await import('./not-found-page')).NotFoundPage })),
          },
        ],
      },
    ],
  },
])
