import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IMPORT_GAMES, type ImportGameId } from '@/features/catalog/rules'
import { items } from '@/features/catalog/tables'
import { valueImports } from '@/features/value-ops/tables'
import { createLogger } from '@/platform/server/lib/logger'
import { createTestApp } from '@/test/app'
import { type PriceApi, type PriceEntry, startPriceApi } from '@/test/price-api'
import { ImportWorker } from './import-worker'
import { ensureImportRows, IMPORT_LEASE_SECONDS, type ImportDeps, listImports } from './imports'
import valueOpsFeature from './manifest'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const PS99 = 'pet-simulator-99'
const pet = (id: string, value: number, pt?: number): PriceEntry => ({
  category: 'Pet',
  configData: pt ? { id, pt } : { id },
  value,
})

let t: TestApp
let api: PriceApi
let deps: ImportDeps
const urls = () => ({ PS99_API_URL: `${api.origin}/ps99`, PETSGO_API_URL: `${api.origin}/petsgo` })

beforeAll(async () => {
  api = await startPriceApi()
  t = await createTestApp({ env: { ...urls(), VALUE_IMPORT_INTERVAL_MINUTES: '60' } })
  deps = { db: t.database.db, cache: t.cache, env: t.env, logger: createLogger('silent') }
  await ensureImportRows(t.database.db)
})
afterAll(async () => {
  await t?.close()
  await api?.close()
})
beforeEach(async () => {
  api.serve('ps99', { rap: [pet('Huge Hot Cocoa Cow', 13639700)], exists: [] })
  api.serve('petsgo', { rap: [pet('Titanic Cat', 5000000)], exists: [] })
  api.requests.length = 0
  // Nothing due, nothing held: each test says what is due.
  await t.database.db
    .update(valueImports)
    .set({ nextRunAt: sql`now() + interval '1 hour'`, leaseUntil: null })
})

const row = async (game: ImportGameId) =>
  (await t.database.db.select().from(valueImports).where(eq(valueImports.gameId, game)))[0]!

/** Moves a game's next run into the past: it is due. */
const makeDue = (game: ImportGameId) =>
  t.database.db
    .update(valueImports)
    .set({ nextRunAt: sql`now() - interval '1 minute'` })
    .where(eq(valueImports.gameId, game))

async function roundOf(worker: ImportWorker) {
  await worker.start()
  await worker.idle()
  await worker.stop()
}

describe('the schedule', () => {
  it('a due import is claimed by the worker, run, and set an interval on; one not due is left', async () => {
    await makeDue(PS99)
    await roundOf(new ImportWorker(deps))
    expect(api.count('/ps99/api/rap')).toBe(1)
    expect(api.count('/petsgo/api/rap')).toBe(0)
    const done = await row(PS99)
    expect(done).toMatchObject({ lastOk: true, leaseUntil: null })
    const minutes = (done.nextRunAt.getTime() - done.lastFinishedAt!.getTime()) / 60_000
    expect(minutes).toBeCloseTo(60, 1)
    const [status] = await listImports(deps, [PS99])
    expect(status).toMatchObject({ scheduled: true, ok: true, nextRunAt: done.nextRunAt.toISOString() })
  })

  it('a game held by a run elsewhere is not claimed until its lease runs out', async () => {
    await makeDue('pets-go')
    await t.database.db
      .update(valueImports)
      .set({ leaseUntil: sql`now() + interval '1 minute'` })
      .where(eq(valueImports.gameId, 'pets-go'))
    await roundOf(new ImportWorker(deps))
    expect(api.count('/petsgo/api/rap')).toBe(0)
    expect((await listImports(deps, ['pets-go']))[0]!.running).toBe(true)

    // The instance holding it died: its lease ran out.
    await t.database.db
      .update(valueImports)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(valueImports.gameId, 'pets-go'))
    await roundOf(new ImportWorker(deps))
    expect(api.count('/petsgo/api/rap')).toBe(1)
    expect(await row('pets-go')).toMatchObject({ lastOk: true, leaseUntil: null })
    expect(IMPORT_LEASE_SECONDS).toBeGreaterThanOrEqual(60)
  })

  it('VALUE_IMPORT_INTERVAL_MINUTES=0: no schedule (Import now still works)', async () => {
    await makeDue(PS99)
    const env = { ...t.env, VALUE_IMPORT_INTERVAL_MINUTES: 0 }
    const started = await valueOpsFeature.startWorkers!({
      env,
      database: t.database,
      cache: t.cache,
      logger: createLogger('silent'),
      secret: t.secret,
    })
    await started?.stop()
    expect(api.requests).toEqual([])
    const [status] = await listImports({ ...deps, env }, [PS99])
    expect(status).toMatchObject({ scheduled: false, nextRunAt: null })
  })

  it('the feature starts the schedule with the server and stops it with it', async () => {
    await makeDue('pets-go')
    const arrived = api.requested('/petsgo/api/exists')
    const started = await valueOpsFeature.startWorkers!({
      env: t.env,
      database: t.database,
      cache: t.cache,
      logger: createLogger('silent'),
      secret: t.secret,
    })
    await arrived
    await started?.stop()
    expect(api.count('/petsgo/api/rap')).toBe(1)
    expect((await row('pets-go')).lastFinishedAt).not.toBeNull()
  })
})

describe('two instances', () => {
  it('each with a worker, both games due: each game is imported once', async () => {
    const other = process.env.TEST_DATABASE_URL
      ? await createTestApp({ sameDatabaseAs: t, env: { ...urls(), VALUE_IMPORT_INTERVAL_MINUTES: '60' } })
      : null
    try {
      for (const game of IMPORT_GAMES) await makeDue(game)
      const a = new ImportWorker(deps)
      const b = new ImportWorker(
        other
          ? { db: other.database.db, cache: other.cache, env: other.env, logger: createLogger('silent') }
          : deps,
      )
      await Promise.all([a.start(), b.start()])
      await Promise.all([a.idle(), b.idle()])
      await Promise.all([a.stop(), b.stop()])
      expect(api.count('/ps99/api/rap')).toBe(1)
      expect(api.count('/petsgo/api/rap')).toBe(1)
      for (const game of IMPORT_GAMES)
        expect(await row(game)).toMatchObject({ lastOk: true, leaseUntil: null })
    } finally {
      await other?.close()
    }
  })
})

describe('at full size', () => {
  it('every Pet Simulator 99 item and variant at its current value: all matched, nothing changed', async () => {
    const rows = await t.database.db.select().from(items).where(eq(items.gameId, PS99))
    const rap: PriceEntry[] = []
    for (const r of rows)
      for (const [variant, value] of Object.entries(r.variants ?? { normal: r.value })) {
        if (value === null || r.retiredAt) continue
        const pt = variant.startsWith('golden') ? 1 : variant.startsWith('rainbow') ? 2 : undefined
        rap.push({
          category: 'Pet',
          configData: { id: r.name, ...(pt && { pt }), ...(variant.endsWith('shiny') && { sh: true }) },
          value,
        })
      }
    api.serve('ps99', { rap, exists: rows.map((r) => pet(r.name, 10)) })
    await makeDue(PS99)
    await roundOf(new ImportWorker(deps))
    const done = await row(PS99)
    expect(done.lastOk, done.lastResult ?? '').toBe(true)
    expect(done.lastCounts).toMatchObject({
      fetched: rap.length,
      matched: rap.length,
      changed: 0,
      skipped: 0,
    })
    expect(rows.length).toBeGreaterThan(1000)
  })
})
