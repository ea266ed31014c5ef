import { hydrate, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router'
import { routes } from './app/routes'
import type { HydrationData } from './entry-server'
import { beginProgressiveHydration } from './lib/progressive-hydration'
import { queryClient } from './lib/query-client'

/**
 * Takes over the page the server rendered (its data comes in the `application/json` block), or
 * renders it here where the server sent none (the development server, a page only the browser renders).
 */
export async function start() {
  const root = document.getElementById('root')!
  const block = document.getElementById('page-data')
  const data: HydrationData | null = block?.textContent ? JSON.parse(block.textContent) : null
  if (data) {
    // The server checked the answers were current when it sent the page.
    const now = Date.now()
    for (const query of data.queries.queries) query.state.dataUpdatedAt = now
    hydrate(queryClient, data.queries)
    // The page's code must be there before the page is hydrated.
    const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? []
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const loaded = await (route.lazy as () => Promise<object>)()
        Object.assign(route, { ...loaded, lazy: undefined })
      }),
    )
  }
  const router = createBrowserRouter(routes, data ? { hydrationData: data.router } : undefined)
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  )
  if (data) {
    beginProgressiveHydration()
    hydrateRoot(root, app)
  } else createRoot(root).render(app)
}
