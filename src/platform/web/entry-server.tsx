import { AsyncLocalStorage } from 'node:async_hooks'
import { dehydrate, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { type PageHandle, routes } from './app/routes'
import { setApiTransport } from './lib/api'
import { RenderTimeProvider } from './lib/now'
import { createQueryClient, type ServerLoaderContext } from './lib/query-client'
import { RenderedFills } from './lib/slots'

/** A page rendered on the server: its markup, and the data the browser hydrates it with. */
export interface RenderedPage {
  html: string
  /** JSON for the page's `application/json` data block (read by start.tsx). */
  data: string
}

export interface PageRenderer {
  /** The first view of `url` with its public data, or null where the browser must render it. */
  render(url: string): Promise<RenderedPage | null>
}

/** The data block's JSON: the router's loader data and the queries the page was rendered with. */
export interface HydrationData {
  router: { loaderData: Record<string, unknown> }
  /** The ids of the routes the page matched, outermost first: the browser loads their code before it hydrates. */
  routeIds: string[]
  /** The features whose slot fills the page rendered: the browser loads their code before it hydrates too. */
  fills: string[]
  queries: ReturnType<typeof dehydrate>
  /** The time the page was rendered at (texts that depend on it hydrate as the server wrote them). */
  renderedAt: number
}

const CACHED_PAGES = 500

/**
 * The page's markup once every lazy part and query is there (React DOM's `prerender`): complete
 * Suspense boundaries are written in place, so the markup carries no inline script of React's (the
 * Content-Security-Policy runs none) and is the same for every visitor, which lets it be cached.
 */
async function renderStatic(page: ReactNode): Promise<string> {
  let failure: unknown
  const { prelude } = await prerender(page, {
    // Every boundary is written where it stands, however large (none is sent later with a script).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= error
    },
  })
  // A part that failed would be left to the browser with an inline script: the browser renders the page.
  if (failure) throw failure
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text()
  if (html.includes('<script')) throw new Error('the rendered page carries an inline script')
  return html
}

/**
 * Renders pages with the browser's own routes, loaders and queries; their requests go to the app
 * in-process (`fetchApi`), as a visitor's without a session: what is signed-in only (the account menu,
 * hearts, alerts) loads in the browser after the first paint. A page whose answers have the same
 * ETags as when it was last rendered is not rendered again, unless it shows the time (`live`).
 */
export function createPageRenderer(fetchApi: typeof fetch): PageRenderer {
  const handler = createStaticHandler(routes)
  const cache = new Map<string, RenderedPage>()
  // The answers each render read (path and ETag; null: an answer without one, not to be cached).
  const answers = new AsyncLocalStorage<(string | null)[]>()
  setApiTransport(async (input, init) => {
    const res = await fetchApi(input, init)
    const etag = res.headers.get('etag')
    answers.getStore()?.push(res.ok && etag ? `${input} ${etag}` : null)
    return res
  })
  return {
    render: (url) =>
      answers.run([], async () => {
        const context: ServerLoaderContext = { queryClient: createQueryClient(), pending: [] }
        const state = await handler.query(new Request(url), { requestContext: context })
        if (state instanceof Response || state.errors) return null
        await Promise.all(context.pending)

        const read = answers.getStore()!
        const live = state.matches.some((match) => (match.route.handle as PageHandle | undefined)?.live)
        const key = live || read.includes(null) ? null : `${url}\n${read.sort().join('\n')}`
        const hit = key && cache.get(key)
        if (hit) {
          cache.delete(key) // Map order is recency order
          cache.set(key, hit)
          return hit
        }
        const renderedAt = Date.now()
        const fills = new Set<string>()
        const html = await renderStatic(
          <RenderTimeProvider value={renderedAt}>
            <RenderedFills value={fills}>
              <QueryClientProvider client={context.queryClient}>
                <StaticRouterProvider
                  router={createStaticRouter(handler.dataRoutes, state)}
                  context={state}
                  hydrate={false}
                />
              </QueryClientProvider>
            </RenderedFills>
          </RenderTimeProvider>,
        )
        const data: HydrationData = {
          router: { loaderData: state.loaderData },
          routeIds: state.matches.map((match) => match.route.id),
          fills: [...fills].sort(),
          queries: dehydrate(context.queryClient),
          renderedAt,
        }
        const page = { html, data: JSON.stringify(data).replace(/</g, '\\u003c') }
        if (key) cache.set(key, page)
        if (cache.size > CACHED_PAGES) cache.delete(cache.keys().next().value!)
        return page
      }),
  }
}
