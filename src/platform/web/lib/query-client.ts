import { type FetchQueryOptions, QueryClient, type QueryKey } from '@tanstack/react-query'
import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS } from '@/shared/constants'

/** A query client with the site's defaults (docs/product.md §17). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  })
}

/** The browser's one query client; route loaders prefetch into it. */
export const queryClient = createQueryClient()

/**
 * What the server's renderer hands route loaders (React Router's request context): the request's own
 * query client, and the list of requests the page must have before it is rendered.
 */
export interface ServerLoaderContext {
  queryClient: QueryClient
  pending: Promise<unknown>[]
}

/**
 * A route loader's prefetch. In the browser it starts the request and lets the page show while it
 * runs; on the server it fills the request's own client, and the renderer waits for it. The loader
 * itself returns null: with no data of its route, the browser would run it again rather than take
 * over the page.
 */
export function prefetch<T, K extends QueryKey>(
  context: unknown,
  options: FetchQueryOptions<T, Error, T, K>,
): void {
  const server = context as Partial<ServerLoaderContext> | undefined
  if (server?.queryClient && server.pending) server.pending.push(server.queryClient.prefetchQuery(options))
  else void queryClient.prefetchQuery(options)
}

/** What a route loader that prefetches reads of React Router's loader arguments. */
export interface PrefetchArgs<Param extends string = never> {
  params: Partial<Record<Param, string>>
  request: Request
  context?: unknown
}
