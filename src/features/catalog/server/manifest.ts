import { defineFeature } from '@/platform/server/context'
import { catalogDir } from '@/platform/server/lib/paths'
import { readCatalog } from './catalog-file'
import { importCatalog } from './import'
import { itemPageHead, sharedTradePageHead } from './page-head'
import { catalogRoutes, searchRoutes } from './routes'

/** Games, items, values and their history, the site search and shared trades. */
export default defineFeature({
  name: 'catalog',
  startFirst: true,
  routes: { '/api/games': catalogRoutes, '/api/items': searchRoutes },
  pageHeads: {
    '/values/:game/:item': itemPageHead,
    '/values-and-wfl': sharedTradePageHead,
    '/trade-helper/:game': sharedTradePageHead,
  },
  async start({ database, logger }) {
    const imported = await importCatalog(database.db, await readCatalog(catalogDir))
    logger.info({ imported }, 'catalog imported')
    return undefined
  },
})
