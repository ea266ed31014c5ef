export const SITE_NAME = 'TradeHub'

export type SiteSection = 'Tools' | 'Stock' | 'Community' | 'Account' | 'Resources' | 'Company'

export interface PageInfo {
  /** A route pattern: `:name` matches one path segment. */
  path: string
  title: string
  description: string
  /** Where the site map (/sites) lists the page; omitted for pages not worth listing. */
  section?: SiteSection
  /** A concrete address of a pattern route: its link in the site map and the page the browser tests visit. */
  href?: string
  /** Search engines should not index it (personal or one-off pages). */
  noindex?: boolean
  /** The title and description of one address of a pattern page (a game's own trade helper). */
  titled?: (params: Readonly<Record<string, string>>) => Pick<PageInfo, 'title' | 'description'>
}

/** A feature's pages (its `pages.ts`), their paths kept as literal types for its manifests. */
export const definePages = <const Pages extends readonly PageInfo[]>(pages: Pages): Pages => pages

export function fullTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`
}
