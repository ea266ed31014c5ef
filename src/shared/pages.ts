import { isGameId } from './games'
import type { PageInfo } from './page-info'

/** How many `:name` segments a path has: pages with fewer match first (`/trading/mine` before `/trading/:game`). */
const paramCount = (path: string) => path.split('/').filter((part) => part.startsWith(':')).length

/**
 * Every page of the site: each feature's `pages.ts`, found by the build (no list to join), with the
 * title and description it sets. The client's router and the server's HTML head both read it, so a
 * page's meta tags are right before any script runs.
 */
export const PAGES: readonly PageInfo[] = Object.values(
  import.meta.glob<readonly PageInfo[]>('../features/*/pages.ts', { eager: true, import: 'PAGES' }),
)
  .flat()
  .sort((a, b) => paramCount(a.path) - paramCount(b.path))

/** Paths that only send the visitor elsewhere. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/trade-helper': '/values-and-wfl',
  '/trading-options': '/trading',
  '/auth/callback': '/',
}

export const NOT_FOUND_PAGE: PageInfo = {
  path: '*',
  title: 'Page Not Found',
  description:
    'This page does not exist. Find item values, the trade helper and every page of TradeHub from here.',
  noindex: true,
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean)
  const got = pathname.split('/').filter(Boolean)
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!
    const g = got[i]!
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(g)
    else if (w !== g) return null
  }
  return params
}

/** The page a path shows, or the 404 page. Pattern pages check their parameters where they can. */
export function matchPage(pathname: string): {
  page: PageInfo
  params: Record<string, string>
  found: boolean
} {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  for (const page of PAGES) {
    let params: Record<string, string> | null
    try {
      params = matchPattern(page.path, clean)
    } catch {
      params = null // malformed percent-encoding
    }
    if (!params) continue
    if (params.game !== undefined && !isGameId(params.game)) break
    return {
      page: page.titled ? { ...page, ...page.titled(params) } : page,
      params,
      found: true,
    }
  }
  return { page: NOT_FOUND_PAGE, params: {}, found: false }
}
