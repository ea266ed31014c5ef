import type { Context } from 'hono'
import type { AppEnv } from '../context'
import type { Database } from '../db/client'
import { AppError, DATABASE_UNAVAILABLE, databaseUnreachable } from './errors'
import type { Logger } from './logger'

/** Seconds a client is asked to wait before it tries again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** How often a database known to be away is pinged, to notice (and log) its return. */
const PROBE_MS = 1000

/**
 * Whether the database is known to be away. The first failure for want of it logs the outage, once;
 * a probe then pings it every second and logs its return. Requests meanwhile answer 503 unlogged.
 */
class DatabaseOutage {
  private away = false

  constructor(
    private readonly database: Pick<Database, 'ping'>,
    private readonly logger: Pick<Logger, 'error' | 'info'>,
  ) {}

  noticed(err: unknown): void {
    if (this.away) return
    this.away = true
    this.logger.error({ err }, 'database unreachable: answering 503 until it is back')
    this.probe()
  }

  private probe(): void {
    setTimeout(() => {
      this.database.ping().then(
        () => {
          this.away = false
          this.logger.info('database reachable again')
        },
        (err) => {
          if (databaseUnreachable(err)) this.probe()
          else this.away = false // closed (the server stops): nothing left to watch
        },
      )
    }, PROBE_MS).unref()
  }
}

const outages = new WeakMap<Pick<Database, 'ping'>, DatabaseOutage>()

/** The outage watch of one database handle, shared by every app on it (so one log line, not one each). */
export function databaseOutageOf(
  database: Pick<Database, 'ping'>,
  logger: Pick<Logger, 'error' | 'info'>,
): DatabaseOutage {
  let outage = outages.get(database)
  if (!outage) {
    outage = new DatabaseOutage(database, logger)
    outages.set(database, outage)
  }
  return outage
}

/**
 * The answer to a request that failed because the database cannot be reached: 503 with Retry-After,
 * the outage noted (logged once); null for any other error.
 */
export function databaseAwayAnswer(c: Context<AppEnv>, error: unknown): Response | null {
  if (!databaseUnreachable(error)) return null
  const { database, logger } = c.var.deps
  databaseOutageOf(database, logger).noticed(error)
  c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  return c.json(new AppError('UNAVAILABLE', DATABASE_UNAVAILABLE).toBody(), 503)
}
