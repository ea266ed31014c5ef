import { type RouteObject, redirect } from 'react-router'
import { prefetchSiteLinks } from '@/features/landing/web/public'
import { installSlots } from '@/platform/web/lib/slots'
import { PAGES, REDIRECTS } from '@/shared/pages'
import type { PageRoute, WebFeature } from './feature'
import { RootLayout, ShellLoading } from './shell/root-layout'
import { RouteErrorPanel } from './shell/route-error-panel'

/** The route's `handle`, read by the server's renderer (entry-server.tsx). */
export interface PageHandle {
  live?: true
}

/**
 * Every web feature: each folder of src/features with a `web/manifest.ts`, found by the build (no
 * list to join). Their pages become routes; their slot fills are installed once, here.
 */
const FEATURES: readonly WebFeature[] = Object.values(
  import.meta.glob<WebFeature>('../../../features/*/web/manifest.ts', { eager: true, import: 'default' }),
)
installSlots(FEATURES.flatMap((feature) => feature.slots ?? []))

const PAGE_ROUTES = new Map<string, PageRoute>(
  FEATURES.flatMap((feature) => Object.entries(feature.pages ?? {})),
)

const pageRoutes = PAGES.map(({ path }) => {
  const route = PAGE_ROUTES.get(path)
  if (!route) throw new Error(`The page ${path} has no route in its feature's web manifest`)
  const { load, loader, live } = route
  const lazy = async () => ({ Component: await load() })
  const handle: PageHandle = { live }
  // Its id is its path: the server names the page's routes to the browser by id (start.tsx).
  return path === '/'
    ? { id: path, index: true, loader, lazy, handle }
    : { id: path, path: path.slice(1), loader, lazy, handle }
})

const redirectRoutes = Object.entries(REDIRECTS).map(([path, to]) => ({
  id: `redirect ${path}`,
  path,
  loader: ({ request }: { request: Request }) => redirect(`${to}${new URL(request.url).search}`),
}))

/** Every route of the site, shared by the browser's router and the server's renderer. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    loader: prefetchSiteLinks,
    // The links are read once: other navigations do not run this again.
    shouldRevalidate: () => false,
    HydrateFallback: ShellLoading,
    children: [
      {
        id: 'pages',
        ErrorBoundary: RouteErrorPanel,
        children: [
          ...pageRoutes,
          ...redirectRoutes,
          {
            id: 'not found',
            path: '*',
            lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
          },
        ],
      },
    ],
  },
]

/** Every route by its id (ids are given above: the router's own are its matching's internals). */
export function routesById(list: readonly RouteObject[] = routes, into = new Map<string, RouteObject>()) {
  for (const route of list) {
    if (route.id) into.set(route.id, route)
    if (route.children) routesById(route.children, into)
  }
  return into
}
