import type { LoaderFunctionArgs } from 'react-router'

/** What other features may use of the middlemen: the route loader (its code loads with the page). */
export const prefetchMiddlemen = async (args: LoaderFunctionArgs) =>
  (await import('./api')).prefetchMiddlemen(args)
