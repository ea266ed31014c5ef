import { lazy } from 'react'
import type { LoaderFunctionArgs } from 'react-router'

/** What other features may use of the public API's pages: the reference's loader (its code loads with the page). */
export const prefetchApiDocs = async (args: LoaderFunctionArgs) =>
  (await import('./api')).prefetchApiDocs(args)

/** The profile settings' API keys section, in a chunk of its own (loaded with the settings tab). */
export const ApiKeys = lazy(async () => ({ default: (await import('./components/api-keys')).ApiKeys }))
