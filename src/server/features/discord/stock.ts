import { ephemeral, type Handler } from './bot'

/** `/stock game`. */
export const stockCommand: Handler = async () => ({ now: ephemeral('Not built yet.') })
