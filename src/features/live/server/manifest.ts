import { defineFeature } from '@/platform/server/context'
import { liveHubOf } from '@/platform/server/lib/live'
import { liveRoutes } from './routes'
import { sessionStreamsOf } from './sessions'

/**
 * One event stream per browser tab (`GET /api/live`) carrying everything the tab follows: a game's live
 * stock and, signed in, the user's notifications (until the session ends, on whichever instance it was
 * ended). Every stream ends when the server stops.
 */
export default defineFeature({
  name: 'live',
  routes: { '/api/live': liveRoutes },
  async start(services) {
    const hub = liveHubOf(services)
    const sessions = sessionStreamsOf(services)
    await sessions.ready
    return {
      stop: async () => {
        await sessions.close()
        hub.close()
      },
    }
  },
})
