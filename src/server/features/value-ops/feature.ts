import { defineFeature } from '@/server/context'
import { importRoutes } from './import-routes'
import { startImportSchedule } from './import-worker'

/**
 * The value team's tools: the hourly official price import of Pet Simulator 99 and PETS GO! with the
 * admin area's Imports section.
 */
export const valueOpsFeature = defineFeature({
  name: 'value-ops',
  routes: {
    '/api/admin/imports': importRoutes,
  },
  async start(services) {
    const imports = await startImportSchedule(services)
    return {
      async stop() {
        await imports?.stop()
      },
    }
  },
})
