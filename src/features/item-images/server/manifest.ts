import { importProblems } from '@/features/value-ops/server/public'
import { defineFeature } from '@/platform/server/context'
import { implement } from '@/platform/server/hooks'
import { failedImageImports, stopItemImageImports } from './jobs'
import { itemImageRoutes } from './routes'

/**
 * Item pictures from the games' own sources: an admin imports a game's pictures (the studio's API for
 * Pet Simulator 99 and PETS GO!, the game's wiki for the others); they are re-encoded and stored through
 * value-ops exactly as uploads are, and never replace the value team's own uploads.
 */
export default defineFeature({
  name: 'item-images',
  routes: { '/api/admin/item-images': itemImageRoutes },
  // A game whose latest picture import failed is among the imports the admin area warns about.
  hooks: [implement(importProblems, failedImageImports)],
  // Imports run in the server that started them, and stop with it.
  async start() {
    return { stop: stopItemImageImports }
  },
})
