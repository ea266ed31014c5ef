import { count, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { verifications } from '@/platform/server/auth/tables'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { createMagicLinkUser, errorOf, meOf, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { AppError, databaseInputError, databaseUnreachable } from './errors'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** The error the database driver (PGlite or pg, through drizzle) throws for a query. */
async function errorFrom(t: TestApp, query: ReturnType<typeof sql>) {
  try {
    await t.database.db.execute(query)
  } catch (error) {
    return error
  }
  throw new Error('the query did not fail')
}

/** Makes every `event` on `table` fail in the database with SQLSTATE `code`. */
async function failOn(t: TestApp, table: string, event: 'INSERT' | 'UPDATE', code: string) {
  await t.database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test' USING ERRCODE = '${code}'; END $$`),
  )
  await t.database.db.execute(
    sql.raw(
      `CREATE TRIGGER test_refuse BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION test_refuse()`,
    ),
  )
  return () => t.database.db.execute(sql.raw(`DROP TRIGGER test_refuse ON ${table}`))
}

describe('database input errors: the backstop', () => {
  let t: TestApp
  let undo: (() => Promise<unknown>) | null = null
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterEach(async () => {
    await undo?.()
    undo = null
    t.loggedErrors.length = 0
  })
  afterAll(() => t.close())

  it("maps the driver's own errors for values it cannot take to a 400, even wrapped", async () => {
    await t.database.db.execute(sql`create table test_short (v varchar(3))`)
    const refused = [
      await errorFrom(t, sql`select ${'a\u0000b'}::text`), // NUL in text: 22021
      await errorFrom(t, sql`select ${'"\\u0000"'}::jsonb`), // NUL escape in JSON: 22P05
      await errorFrom(t, sql`select ${'not a uuid'}::uuid`), // 22P02
      await errorFrom(t, sql`insert into test_short values (${'abcdef'})`), // too long for varchar(3): 22001
    ]
    for (const error of refused) {
      const mapped = databaseInputError(error)
      expect(mapped, String(error)).toBeInstanceOf(AppError)
      expect(mapped?.status).toBe(400)
      expect(mapped?.toBody().error.code).toBe('BAD_REQUEST')
      expect(databaseInputError(new Error('wrapped', { cause: error }))?.status).toBe(400)
    }
    await t.database.db.execute(sql`drop table test_short`)
  })

  it('leaves every other error alone', async () => {
    for (const error of [
      await errorFrom(t, sql`select 1 / 0`),
      await errorFrom(t, sql`select * from no_such_table`),
      new Error('plain'),
      Object.assign(new Error('no sqlstate'), { code: 'ECONNREFUSED' }),
      '22021',
      null,
    ]) {
      expect(databaseInputError(error), String(error)).toBeNull()
    }
  })

  it('an app route whose value the database refuses answers 400 with the error shape and changes nothing', async () => {
    const { cookie } = await createMagicLinkUser(t, 'backstop@example.com')
    const before = (await meOf(t, cookie)).profile
    undo = await failOn(t, 'profiles', 'UPDATE', '22021')
    const res = await send(t, '/api/profile', { method: 'PATCH', body: { bio: 'looks fine' }, cookie })
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'BAD_REQUEST' })
    expect(t.loggedErrors).toEqual([])
    await undo()
    undo = null
    expect((await meOf(t, cookie)).profile).toEqual(before)
  })

  it('inside Better Auth too: a 400 with the error shape instead of its empty 500', async () => {
    const rows = async () => ({
      verifications: (await t.database.db.select({ n: count() }).from(verifications))[0]?.n,
      mails: (await t.database.db.select({ n: count() }).from(pendingEmails))[0]?.n,
    })
    const before = await rows()
    undo = await failOn(t, 'verifications', 'INSERT', '22021')
    const res = await send(t, '/api/auth/sign-in/magic-link', {
      body: { email: 'auth-backstop@example.com' },
    })
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'BAD_REQUEST' })
    expect(await rows()).toEqual(before)
  })

  it("any other failure inside Better Auth reaches the app's handler: a logged 500 with the error shape", async () => {
    undo = await failOn(t, 'verifications', 'INSERT', 'XX000')
    const res = await send(t, '/api/auth/sign-in/magic-link', { body: { email: 'auth-crash@example.com' } })
    expect(await errorOf(res)).toMatchObject({ status: 500, code: 'INTERNAL' })
    expect(t.loggedErrors).toHaveLength(1)
  })
})

describe('a database that cannot be reached', () => {
  it("is told by PostgreSQL's codes, the network's and node-postgres's words, even wrapped; nothing else is", () => {
    const sqlState = (code: string) => Object.assign(new Error('terminating connection'), { code })
    const away = [
      sqlState('57P01'), // a restart, a failover, pg_terminate_backend
      sqlState('57P03'), // starting up
      sqlState('08006'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], ''),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]
    for (const error of away) {
      expect(databaseUnreachable(error), String(error)).toBe(true)
      expect(databaseUnreachable(new Error('Failed query: begin', { cause: error }))).toBe(true)
    }
    for (const error of [
      sqlState('23505'), // a unique violation
      sqlState('22021'),
      new Error('plain'),
      // Another service's failure (fetch wraps the network's code in a TypeError): not the database's.
      new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }),
      new AppError('UNAVAILABLE', 'busy'),
      'ECONNREFUSED',
      null,
    ])
      expect(databaseUnreachable(error), String(error)).toBe(false)
  })
})
