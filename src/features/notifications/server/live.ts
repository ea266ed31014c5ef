import type { Services } from '@/platform/server/context'
import type { Database } from '@/platform/server/db/client'
import { encodeEvent, type LiveHub, liveHubOf } from '@/platform/server/lib/live'
import type { Logger } from '@/platform/server/lib/logger'
import { NOTIFICATIONS_CHANNEL, unreadCount } from './service'

/** The live topic of one user's notifications. */
export const userTopic = (userId: string) => `user:${userId}`

const unreadEvent = (unread: number) => encodeEvent('notifications', JSON.stringify({ unread }))

/**
 * The bell of every signed-in tab on this instance: a new stream gets the user's unread count, and when
 * any instance announces a change for a user who has a stream here, the count is read once for that
 * user and written to each of their streams.
 */
class NotificationsLive {
  private listening: Promise<() => Promise<void>> | undefined
  /** Each user's count read under way: the next waits for it, so counts are written in the order read. */
  private readonly reading = new Map<string, Promise<unknown>>()

  constructor(
    private readonly services: { database: Database; logger: Logger },
    private readonly hub: LiveHub,
  ) {
    hub.register('user', {
      initial: async (userId) => unreadEvent(await this.count(userId)),
    })
  }

  start(): Promise<unknown> {
    this.listening ??= this.services.database.listen(NOTIFICATIONS_CHANNEL, (userId) => {
      // '' after a lost connection: every user with a stream here is read again.
      for (const id of userId ? [userId] : this.hub.keysOpen('user')) void this.push(id)
    })
    return this.listening
  }

  async close(): Promise<void> {
    const unlisten = await this.listening?.catch(() => undefined)
    await unlisten?.()
  }

  private async push(userId: string) {
    if (!this.hub.keysOpen('user').includes(userId)) return
    try {
      this.hub.publish(userTopic(userId), unreadEvent(await this.count(userId)))
    } catch (err) {
      this.services.logger.error({ err }, 'unread count failed')
    }
  }

  /**
   * The user's unread count, read after their read under way: two notifications close together start
   * two reads, and the first one's smaller count, answered last, must not be the one left on the bell.
   */
  private count(userId: string): Promise<number> {
    const next = (this.reading.get(userId) ?? Promise.resolve()).then(() =>
      unreadCount(this.services.database.db, userId),
    )
    const done = next.catch(() => {})
    this.reading.set(userId, done)
    void done.then(() => {
      if (this.reading.get(userId) === done) this.reading.delete(userId)
    })
    return next
  }
}

const instances = new WeakMap<Database, NotificationsLive>()

/** The live notifications of the instance that owns this database connection (listening from first use). */
export function notificationsLiveOf(services: Pick<Services, 'database' | 'logger'>): NotificationsLive {
  let live = instances.get(services.database)
  if (!live) {
    live = new NotificationsLive(services, liveHubOf(services))
    instances.set(services.database, live)
    void live.start().catch((err) => services.logger.error({ err }, 'notification listener failed to start'))
  }
  return live
}

/** The topic a signed-in tab follows for its bell (its source ready on this instance). */
export function followNotifications(services: Pick<Services, 'database' | 'logger'>, userId: string): string {
  notificationsLiveOf(services)
  return userTopic(userId)
}
