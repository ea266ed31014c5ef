import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '@/test/database'
import { openDatabase } from './client'

describe('database', () => {
  describe('a fresh database', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    beforeAll(async () => {
      database = await createTestDatabase() // opened and migrated
    })
    afterAll(() => database.drop())

    it('migrates, answers queries and delivers notifications', async () => {
      await database.ping()
      await database.migrate() // a second run finds nothing to apply
      let delivered: (payload: string) => void = () => {}
      const got = new Promise<string>((resolve) => {
        delivered = resolve
      })
      // listen() resolves once the LISTEN is in place: a NOTIFY sent after it is delivered.
      await database.listen('test_channel', (payload) => delivered(payload))
      await database.notify('test_channel', 'hello')
      expect(await got).toBe('hello')
      const result = await database.db.execute(sql`select count(*)::int as n from games`)
      expect(result.rows[0]).toEqual({ n: 0 })
    })
  })

  // Two instances starting at once on one PostgreSQL: the advisory lock serialises migrations.
  it.runIf(process.env.TEST_DATABASE_URL)('migrates safely when two instances start at once', async () => {
    const base = await createTestDatabase()
    const url = new URL(process.env.TEST_DATABASE_URL!)
    const name = ((await base.db.execute(sql`select current_database() as name`)).rows[0] as { name: string })
      .name
    url.pathname = `/${name}`
    // A brand-new database: drop what createTestDatabase migrated, then race two instances.
    await base.db.execute(
      sql`drop schema public cascade; create schema public; drop schema if exists drizzle cascade`,
    )
    const [a, b] = await Promise.all([
      openDatabase({ kind: 'postgres', url: url.toString() }),
      openDatabase({ kind: 'postgres', url: url.toString() }),
    ])
    try {
      await Promise.all([a.migrate(), b.migrate()])
      const tables = await a.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'items'`,
      )
      expect(tables.rows[0]).toEqual({ n: 1 })
    } finally {
      await Promise.all([a.close(), b.close()])
      await base.drop()
    }
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'listens again after its connection is killed, and says anything may have been missed',
    async () => {
      const database = await createTestDatabase()
      try {
        const got: string[] = []
        await database.listen('test_reconnect', (payload) => got.push(payload))
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query like 'LISTEN%'`,
        )
        await expect.poll(() => got, { timeout: 5000 }).toContain('')
        await database.notify('test_reconnect', 'after')
        await expect.poll(() => got, { timeout: 2000 }).toContain('after')
      } finally {
        await database.drop()
      }
    },
  )

  it.runIf(process.env.TEST_DATABASE_URL)(
    'gives a client whose begin failed back to the pool: more failed begins than clients, then a query',
    async () => {
      const base = await createTestDatabase()
      const database = await openDatabase({ kind: 'postgres', url: base.url!, poolSize: 2 })
      try {
        // An isolation level PostgreSQL does not know: `begin` itself fails, before the transaction's body.
        const badBegin = { isolationLevel: 'no such level' } as unknown as { isolationLevel: 'serializable' }
        for (let i = 0; i < 3; i++)
          await expect(database.db.transaction(async () => {}, badBegin)).rejects.toThrow(
            /Failed query: begin/,
          )
        expect(await database.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] })
        expect(await database.db.transaction((tx) => tx.execute(sql`select 2 as two`))).toMatchObject({
          rows: [{ two: 2 }],
        })
      } finally {
        await database.close()
        await base.drop()
      }
    },
    20_000,
  )
})
