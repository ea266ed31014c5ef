import { hydrate, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { routes, routesById } from './app/routes'
import type { HydrationData } from './entry-server'
import { RenderTimeProvider, startClockAt } from './lib/now'
import { openEveryPart } from './lib/part'
import { queryClient } from './lib/query-client'
import { loadFills } from './lib/slots'
import { yieldTask } from './lib/tasks'

/**
 * Takes over the page the server rendered (its data comes in the `application/json` block), or
 * renders it here where the server sent none (the development server, a page only the browser renders).
 */
export async function start() {
  // Each step from here is a task of its own (decision 016): reading the data and loading the page's
  // code, filling the query cache, making the router, taking the page over.
  await yieldTask()
  const root = document.getElementById('root')!
  const block = document.getElementById('page-data')
  const data: HydrationData | null = block?.textContent ? JSON.parse(block.textContent) : null
  if (data) {
    // The page's code must be there before the page is hydrated: the routes the server matched (it
    // names them, so the browser does not match the address twice) and the slot fills it rendered
    // load theirs at once, and the page is hydrated in one pass rather than a fill at a time.
    const byId = routesById()
    const pageCode = Promise.all([
      ...data.routeIds.map(async (id) => {
        const route = byId.get(id)
        if (!route?.lazy) return
        const loaded = await (route.lazy as () => Promise<object>)()
        Object.assign(route, { ...loaded, lazy: undefined })
      }),
      loadFills(data.fills),
    ])
    await yieldTask()
    // The server checked the answers were current when it sent the page.
    const now = Date.now()
    for (const query of data.queries.queries) query.state.dataUpdatedAt = now
    hydrate(queryClient, data.queries)
    startClockAt(data.renderedAt)
    await pageCode
  }
  await yieldTask()
  const router = createBrowserRouter(routes, data ? { hydrationData: data.router } : undefined)
  // The parts of the server's page still waiting to be seen hydrate before the app shows another page.
  const first = router.state.location
  const unsubscribe = router.subscribe((state) => {
    if (state.navigation.state === 'idle' && state.location === first) return
    openEveryPart()
    unsubscribe()
  })
  const app = (
    <StrictMode>
      <RenderTimeProvider value={data?.renderedAt ?? Date.now()}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </RenderTimeProvider>
    </StrictMode>
  )
  if (data) {
    await yieldTask()
    // React hydrates the page's Suspense boundaries (header, main, footer, the parts of a page) each in
    // tasks of its own after the first commit, the one a trader touches first going first.
    hydrateRoot(root, app, {
      // React takes over what it can and renders the rest afresh; the journeys fail on this report.
      onRecoverableError(error, info) {
        console.error('React could not hydrate part of the page:', error, info.componentStack ?? '')
      },
    })
  } else createRoot(root).render(app)
}
