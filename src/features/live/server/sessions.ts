import { and, gt, inArray, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { sessions } from '@/platform/server/auth/tables'
import type { Services } from '@/platform/server/context'
import type { Database } from '@/platform/server/db/client'
import { type LiveHub, liveHubOf, streamTopics } from '@/platform/server/lib/live'
import type { Logger } from '@/platform/server/lib/logger'

/**
 * The channel on which the database announces a deleted session, with its id: a trigger on `sessions`
 * (db/migrations/0009_session_ended_notify.sql), so every way a session ends is announced.
 */
export const SESSION_ENDED_CHANNEL = 'session_ended'

/**
 * How often the sessions of the open streams are read again: a session that expired (nothing deletes
 * it) ends its streams within this, and so does one whose announcement was missed.
 */
const SESSION_CHECK_MS = 60_000

/** Sessions read at once by a check (one bound parameter each). */
const CHECK_BATCH = 1000

/**
 * Ends a signed-in tab's stream when its session ends, on every instance: signed out (by the user, or
 * everywhere by an admin), suspended, or expired. The stream reconnects as a visitor's, or not at all.
 */
class SessionStreams {
  /** Settles once this instance listens for ended sessions (a stream opened after it misses none). */
  readonly ready: Promise<void>
  private readonly unlisten: Promise<(() => Promise<void>) | undefined>
  /** The periodic check, running while signed-in streams are open here. */
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly services: { database: Database; logger: Logger },
    private readonly hub: LiveHub,
  ) {
    this.unlisten = services.database
      .listen(SESSION_ENDED_CHANNEL, (sessionId) => {
        // '' after a lost connection: announcements may have been missed, so every session is read.
        if (sessionId) hub.endSession(sessionId)
        else void this.checkLogged()
      })
      .catch((err) => {
        services.logger.error({ err }, 'ended-session listener failed to start')
        return undefined
      })
    this.ready = this.unlisten.then(() => undefined)
  }

  /**
   * A signed-in tab's stream, which ends with its session. The listener is up before the stream opens
   * (its session's end is not missed), and the periodic check runs while such streams are open.
   */
  async stream(
    c: Context,
    topics: readonly string[],
    session: { user: { id: string }; session: { id: string } },
  ) {
    await this.ready
    const res = streamTopics(c, topics, { userId: session.user.id, sessionId: session.session.id })
    this.watch()
    return res
  }

  /** A signed-in stream was opened: the periodic check runs until none is left. */
  private watch(): void {
    if (this.timer) return
    this.timer = setInterval(() => {
      if (this.hub.sessionsOpen().length > 0) return void this.checkLogged()
      clearInterval(this.timer)
      this.timer = undefined
    }, SESSION_CHECK_MS)
    this.timer.unref()
  }

  /** Ends the streams whose session is gone or has expired. */
  async check(): Promise<void> {
    const open = this.hub.sessionsOpen()
    const alive = new Set<string>()
    for (let i = 0; i < open.length; i += CHECK_BATCH) {
      const rows = await this.services.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, open.slice(i, i + CHECK_BATCH)), gt(sessions.expiresAt, sql`now()`)))
      for (const row of rows) alive.add(row.id)
    }
    for (const id of open) if (!alive.has(id)) this.hub.endSession(id)
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await (await this.unlisten)?.()
  }

  private async checkLogged() {
    try {
      await this.check()
    } catch (err) {
      this.services.logger.warn({ err }, 'the sessions of open streams could not be checked')
    }
  }
}

const instances = new WeakMap<Database, SessionStreams>()

/** The session watch of the instance that owns this database connection (listening from first use). */
export function sessionStreamsOf(services: Pick<Services, 'database' | 'logger'>): SessionStreams {
  let watch = instances.get(services.database)
  if (!watch) {
    watch = new SessionStreams(services, liveHubOf(services))
    instances.set(services.database, watch)
  }
  return watch
}
