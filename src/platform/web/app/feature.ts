import type { ComponentType } from 'react'
import type { LoaderFunction } from 'react-router'
import type { SlotFill } from '@/platform/web/lib/slots'

/** What the router needs of one page: its component, in its own chunk, and what it fetches first. */
export interface PageRoute {
  /** The page's component, loaded when the page is first visited. */
  load: () => Promise<ComponentType>
  /** Starts the page's request while its chunk loads. */
  loader?: LoaderFunction
  /** What the page shows depends on the time (countdowns, restock windows): rendered afresh each time. */
  live?: true
}

/**
 * One web feature, as its manifest (`src/features/<name>/web/manifest.ts`) declares it: a route for
 * each page of its `pages.ts` (a page without one fails the type check), and what it puts into the
 * slots of lower features' pages (platform/web/lib/slots.tsx).
 */
export interface WebFeature {
  name: string
  pages?: Readonly<Record<string, PageRoute>>
  slots?: readonly SlotFill[]
}

export const defineWebFeature = <Pages extends readonly { path: string }[] = []>(feature: {
  name: string
  pages?: Readonly<Record<Pages[number]['path'], PageRoute>>
  slots?: readonly SlotFill[]
}): WebFeature => feature
