import { ephemeral, type Handler } from './bot'

/** `/watch item`. */
export const watchCommand: Handler = async () => ({ now: ephemeral('Not built yet.') })
/** `/unwatch item`. */
export const unwatchCommand: Handler = async () => ({ now: ephemeral('Not built yet.') })
