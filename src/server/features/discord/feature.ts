import { defineFeature } from '@/server/context'
import { discordRoutes } from './routes'

/** The TradeHub Discord bot over HTTP interactions (docs/decisions/041). */
export const discordFeature = defineFeature({
  name: 'discord',
  routes: { '/api/discord': discordRoutes },
})
