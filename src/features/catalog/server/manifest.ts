import { defineFeature } from '@/platform/server/context'
import { catalogDir } from '@/platform/server/lib/paths'
import { importCatalogFolder } from './import'
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
    const imported = await importCatalogFolder(database.db, catalogDir)
    if (imported === 'unchanged') logger.info('catalog unchanged since its last import')
    else logger.info({ imported }, 'catalog imported')
    return undefined
  },
})
