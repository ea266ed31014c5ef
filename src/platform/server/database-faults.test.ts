import net from 'node:net'
import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { createTestDatabase } from '@/test/database'
import { tradeBetween } from '@/test/trading'
import { DATABASE_UNAVAILABLE } from './lib/errors'
import { CACHE_CHANNEL } from './lib/read-cache'

/** The log lines an app writes, parsed. */
function logLines() {
  const lines: { level: number; msg: string }[] = []
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } }
}

/**
 * A TCP hop between the app and PostgreSQL that can go away and come back on the same port: away, every
 * connection through it is cut and a new one is refused, as when the database's host is down.
 */
async function databaseHop(target: URL) {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const end of [socket, upstream]) {
      sockets.add(end)
      end.on('error', () => {})
      end.on('close', () => {
        sockets.delete(end)
        socket.destroy()
        upstream.destroy()
      })
    }
    socket.pipe(upstream).pipe(socket)
  })
  const listen = (port = 0) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    )
  const port = await listen()
  const url = new URL(target)
  url.host = `127.0.0.1:${port}`
  return {
    url: url.toString(),
    async down() {
      const closed = new Promise((resolve) => server.close(resolve))
      for (const socket of sockets) socket.destroy()
      await closed
    },
    up: () => listen(port),
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('when the database drops or goes away (PostgreSQL)', () => {
  it('survives ten cuts of every connection during transactional writes, and writes succeed again', async () => {
    const t = await createTestApp({
      limits: { trading: { messagesPerMinute: { max: 100_000, windowSeconds: 60 } } },
    })
    // One connection holds the lock and cuts; another watches (pg_stat_activity is read once per transaction).
    const admin = new pg.Client({ connectionString: t.database.url })
    const watcher = new pg.Client({ connectionString: t.database.url })
    await Promise.all([admin.connect(), watcher.connect()])
    const watcherPid = (await watcher.query('select pg_backend_pid() as pid')).rows[0].pid as number
    try {
      const { owner, offerId } = await tradeBetween(t, { accept: false })
      const write = (body: string) =>
        send(t, `/api/trade-offers/${offerId}/messages`, { body: { body }, cookie: owner.cookie })
      const statuses: number[] = []
      for (let cut = 0; cut < 10; cut++) {
        // Messages wait inside their transactions on this lock, so the cut finds them checked out.
        await admin.query('begin')
        await admin.query('lock table trade_messages in exclusive mode')
        const writes = Array.from({ length: 8 }, (_, i) => write(`cut ${cut}, message ${i}`))
        await expect
          .poll(
            async () =>
              (
                await watcher.query(
                  `select count(*)::int as n from pg_stat_activity
                   where datname = current_database() and wait_event_type = 'Lock'`,
                )
              ).rows[0].n,
            { timeout: 20_000 },
          )
          .toBe(5) // every client of the pool (poolSize 5), each inside a transaction
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and pid <> $1`,
          [watcherPid],
        )
        await admin.query('rollback')
        for (const res of await Promise.all(writes)) {
          statuses.push(res.status)
          if (res.status === 503) {
            expect(res.headers.get('retry-after')).toBe('5')
            expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
              DATABASE_UNAVAILABLE,
            )
          } else expect(res.status, await res.text()).toBe(201)
        }
      }
      // Every cut failed the five writes it caught (503, to be retried); the others went through.
      expect(statuses.filter((status) => status === 503)).toHaveLength(50)
      await expect.poll(async () => (await write('after the cuts')).status).toBe(201)
      // The LISTEN connection is back too: an invalidation from another instance still arrives.
      const dropped = vi.spyOn(t.cache, 'invalidateLocal')
      await expect
        .poll(
          async () => {
            await admin.query('select pg_notify($1, $2)', [CACHE_CHANNEL, 'after-the-cuts:'])
            return dropped.mock.calls.some(([prefix]) => prefix === 'after-the-cuts:')
          },
          { timeout: 10_000 },
        )
        .toBe(true)
      // An outage is logged once until the database answers again, not per failed request.
      expect(t.loggedErrors.length).toBeGreaterThan(0)
      expect(t.loggedErrors.length).toBeLessThanOrEqual(10)
    } finally {
      await Promise.all([admin.end(), watcher.end()])
      await t.close()
    }
  })

  it('answers 503 with Retry-After while the database is away, logs it once, and logs its return', async () => {
    const base = await createTestDatabase()
    const hop = await databaseHop(new URL(base.url!))
    const log = logLines()
    const t = await createTestApp({ sameDatabaseAs: { database: { url: hop.url } }, log: log.stream })
    try {
      expect((await send(t, '/api/health')).status).toBe(200)
      await hop.down()
      for (let i = 0; i < 3; i++) {
        const res = await send(t, `/api/trade-ads/${900_000 + i}`)
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('5')
        expect(await res.json()).toEqual({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE } })
      }
      const health = await send(t, '/api/health')
      expect(health.status).toBe(503)
      expect(health.headers.get('retry-after')).toBe('5')
      expect(await health.json()).toMatchObject({ status: 'error', database: 'unreachable' })
      const said = (msg: string) => log.lines.filter((line) => line.msg === msg)
      expect(said('database unreachable: answering 503 until it is back')).toHaveLength(1)
      expect(log.lines.filter((line) => line.level >= 50)).toHaveLength(1) // nothing logged per request

      await hop.up()
      await expect.poll(async () => (await send(t, '/api/health')).status, { timeout: 10_000 }).toBe(200)
      expect((await send(t, '/api/trade-ads/900010')).status).toBe(404)
      await expect.poll(() => said('database reachable again'), { timeout: 10_000 }).toHaveLength(1)
    } finally {
      await t.close()
      await hop.down()
      await base.drop()
    }
  })
})
