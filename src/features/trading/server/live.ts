import { userTopic } from '@/features/notifications/server/public'
import { TRADE_MESSAGE_EVENT } from '@/features/trading/contract'
import type { Services } from '@/platform/server/context'
import type { Database } from '@/platform/server/db/client'
import { encodeEvent, type LiveHub, liveHubOf } from '@/platform/server/lib/live'
import type { Logger } from '@/platform/server/lib/logger'
import { findMessage, TRADE_MESSAGES_CHANNEL } from './messages'

/**
 * An offer's messages, live: when any instance announces a new message, each instance where one of its
 * two traders has a stream open reads it once and writes a `trade-message` event to their streams
 * (the `user:<id>` topic every signed-in tab follows on /api/live).
 */
class TradingLive {
  readonly ready: Promise<unknown>
  private unlisten: (() => Promise<void>) | undefined

  constructor(
    private readonly services: { database: Database; logger: Logger },
    private readonly hub: LiveHub,
  ) {
    this.ready = services.database
      .listen(TRADE_MESSAGES_CHANNEL, (id) => {
        // '' after a lost connection: a message missed meanwhile is in the conversation when it is opened.
        if (id) void this.deliver(Number(id))
      })
      .then((unlisten) => {
        this.unlisten = unlisten
      })
  }

  async close(): Promise<void> {
    await this.ready.catch(() => {})
    await this.unlisten?.()
  }

  private async deliver(id: number) {
    const online = new Set(this.hub.keysOpen('user'))
    try {
      const found = await findMessage(this.services.database.db, id)
      if (!found?.to.some((userId) => online.has(userId))) return
      const event = encodeEvent(TRADE_MESSAGE_EVENT, JSON.stringify(found.message), undefined)
      for (const userId of new Set(found.to)) this.hub.publish(userTopic(userId), event)
    } catch (err) {
      this.services.logger.error({ err }, 'trade message not delivered live')
    }
  }
}

const instances = new WeakMap<Database, TradingLive>()

/** The live trade messages of the instance that owns this database connection (listening from first use). */
export function tradingLiveOf(services: Pick<Services, 'database' | 'logger'>): TradingLive {
  let live = instances.get(services.database)
  if (!live) {
    live = new TradingLive(services, liveHubOf(services))
    instances.set(services.database, live)
    live.ready.catch((err) => services.logger.error({ err }, 'trade message listener failed to start'))
  }
  return live
}
