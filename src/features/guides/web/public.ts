import type { LoaderFunctionArgs } from 'react-router'

/** What other features may use of the guides: the route loaders (their code loads with the page). */
export const prefetchGuides = async (args: LoaderFunctionArgs) => (await import('./api')).prefetchGuides(args)
export const prefetchGuide = async (args: LoaderFunctionArgs) => (await import('./api')).prefetchGuide(args)
