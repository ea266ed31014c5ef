/**
 * GET /api/admin/imports/attention: the imports whose last run failed, for the signed-in staff member
 * (the notices of /admin and /admin/values). Price imports fail against a stand-in of the official API;
 * picture imports are written as the jobs' table holds them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminOverviewSchema } from '@/features/admin/contract'
import type { JobStatus } from '@/features/item-images/contract'
import { itemImageJobs } from '@/features/item-images/tables'
import { ADMIN_ROLE, valueEditorRole } from '@/features/roles/rules'
import {
  type ImportProblem,
  importProblemsResponseSchema,
  importStatusSchema,
} from '@/features/value-ops/contract'
import type { GameId } from '@/shared/games'
import { errorOf, send } from '@/test/accounts'
import { signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { type PriceApi, startPriceApi } from '@/test/price-api'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const PATH = '/api/admin/imports/attention'
const PS99 = 'pet-simulator-99'

let t: TestApp
let api: PriceApi
let admin: { cookie: string }

beforeAll(async () => {
  api = await startPriceApi()
  t = await createTestApp({
    env: { PS99_API_URL: `${api.origin}/ps99`, PETSGO_API_URL: `${api.origin}/petsgo` },
  })
  // One price each: a list without any fails the run.
  const lists = {
    rap: [{ category: 'Pet', configData: { id: 'Huge Hot Cocoa Cow' }, value: 1000 }],
    exists: [],
  }
  api.serve('ps99', lists)
  api.serve('petsgo', lists)
  admin = await signedInUser(t, undefined, [ADMIN_ROLE])
})
afterAll(async () => {
  await t?.close()
  await api?.close()
})

async function runNow(game: string) {
  const res = await send(t, `/api/admin/imports/${game}/run`, { method: 'POST', cookie: admin.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return importStatusSchema.parse(await res.json())
}

async function problemsOf(cookie: string): Promise<ImportProblem[]> {
  const res = await send(t, PATH, { cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  return importProblemsResponseSchema.parse(await res.json()).problems
}

/** A picture import of a game as its job ends up in the table (the latest one counts). */
async function pictureJob(
  gameId: GameId,
  status: Exclude<JobStatus, 'running'>,
  error: string | null = null,
) {
  await t.database.db.insert(itemImageJobs).values({
    gameId,
    status,
    error,
    finishedAt: new Date(),
    counts: { items: 10, found: 4, missing: 6, failed: status === 'finished' ? 2 : 0 },
  })
}

describe('who may ask', () => {
  it('visitors 401, users without a staff role 403', async () => {
    expect(await errorOf(await send(t, PATH))).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    const user = await signedInUser(t)
    expect(await errorOf(await send(t, PATH, { cookie: user.cookie }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    })
    const moderator = await signedInUser(t, undefined, ['moderator'])
    expect((await send(t, PATH, { cookie: moderator.cookie })).status).toBe(403)
  })

  it('a value editor of a game without an import is answered, with nothing to look at', async () => {
    const editor = await signedInUser(t, undefined, [valueEditorRole('adopt-me')])
    expect(await problemsOf(editor.cookie)).toEqual([])
  })
})

describe('the imports that need attention', () => {
  it('a failed price import is listed with its reason for admins and its own editors, until a run goes well', async () => {
    expect(await problemsOf(admin.cookie)).toEqual([])

    api.reply('/ps99/api/rap', { status: 503, body: 'busy' })
    const failed = await runNow(PS99)
    expect(failed.ok).toBe(false)

    const expected = {
      kind: 'prices',
      gameId: PS99,
      failedAt: failed.lastFinishedAt,
      reason: failed.result,
      href: `/admin/imports#import-${PS99}`,
    }
    expect(failed.result).toContain('/api/rap answered HTTP 503')
    expect(await problemsOf(admin.cookie)).toEqual([expected])
    const editor = await signedInUser(t, undefined, [valueEditorRole(PS99)])
    expect(await problemsOf(editor.cookie)).toEqual([expected])
    // Another game's editors do not see it.
    const other = await signedInUser(t, undefined, [valueEditorRole('pets-go')])
    expect(await problemsOf(other.cookie)).toEqual([])

    expect((await runNow(PS99)).ok).toBe(true)
    expect(await problemsOf(admin.cookie)).toEqual([])
  })

  it("a game's picture import that failed as a whole is listed for admins only; missing pictures are no failure", async () => {
    await pictureJob('fisch', 'failed', 'The wiki answered HTTP 500')
    await pictureJob('blox-fruits', 'finished')
    // An older failure run again since: only the latest job counts.
    await pictureJob('adopt-me', 'failed', 'The wiki could not be reached')
    await pictureJob('adopt-me', 'finished')

    const problems = await problemsOf(admin.cookie)
    expect(problems).toEqual([
      {
        kind: 'pictures',
        gameId: 'fisch',
        failedAt: expect.any(String),
        reason: 'The wiki answered HTTP 500',
        href: '/admin/values?game=fisch#item-pictures-fisch',
      },
    ])
    // The value team of the game cannot import pictures (admins only): nothing for them to do.
    const editor = await signedInUser(t, undefined, [valueEditorRole('fisch')])
    expect(await problemsOf(editor.cookie)).toEqual([])
  })

  it('price imports come first, then pictures', async () => {
    api.reply('/petsgo/api/exists', 'drop')
    expect((await runNow('pets-go')).ok).toBe(false)
    const problems = await problemsOf(admin.cookie)
    expect(problems.map((p) => [p.kind, p.gameId])).toEqual([
      ['prices', 'pets-go'],
      ['pictures', 'fisch'],
    ])
    expect(problems[0]!.reason).toContain('/api/exists could not be reached')
  })

  it("the admin dashboard's overview carries them as notices, in the words the page shows", async () => {
    const res = await send(t, '/api/admin/overview', { cookie: admin.cookie })
    expect(res.status).toBe(200)
    const { notices } = adminOverviewSchema.parse(await res.json())
    expect(notices).toEqual([
      {
        id: 'import-prices-pets-go',
        title: 'The PETS GO! price import failed',
        at: expect.any(String),
        detail: expect.stringContaining('/api/exists could not be reached'),
        href: '/admin/imports#import-pets-go',
        link: 'Open Imports',
      },
      {
        id: 'import-pictures-fisch',
        title: 'The Fisch picture import failed',
        at: expect.any(String),
        detail: 'The wiki answered HTTP 500.',
        href: '/admin/values?game=fisch#item-pictures-fisch',
        link: 'Open the pictures',
      },
    ])
  })
})
