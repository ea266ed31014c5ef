/**
 * What the account route test files share: the messages a trader reads, the profile rows compared
 * before and after a refused request, small real images, and the app of the profile endpoints.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { profiles } from '@/features/accounts/tables'
import { createTestApp } from '@/test/app'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export const PATTERN = 'Username can only contain lowercase letters, numbers, and underscores'
export const TOO_SHORT = 'Username must be at least 3 characters'
export const TOO_LONG = 'Username must be 30 characters or less'
export const TAKEN = 'Username already taken'
export const PERMANENT = 'Username cannot be changed once set'
export const SIGN_IN = 'Please sign in to continue.'

/** Every profile row, in a stable order: compared before and after a refused request. */
export const profileRows = (t: TestApp) => t.database.db.select().from(profiles).orderBy(asc(profiles.userId))

/** A small real image, made by sharp. */
export const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } })
    .toFormat(format)
    .toBuffer()

export function avatarForm(bytes: Uint8Array, type: string, name: string) {
  const form = new FormData()
  form.set('avatar', new Blob([new Uint8Array(bytes)], { type }), name)
  return form
}

/** The app of the profile endpoints, in the calling file: the catalog (for favorites) and a real avatar directory. */
export let t: TestApp
/** Where that app keeps its uploaded avatars. */
export let dataDir: string

/**
 * Builds the profile endpoints' app before the calling describe's tests and removes it after them;
 * after each test, checks that the app logged no unhandled error.
 */
export function setUpProfilesApp() {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tradehub-avatars-'))
    t = await createTestApp({ env: { DATA_DIR: dataDir } })
  })
  afterAll(async () => {
    await t.close()
    await rm(dataDir, { recursive: true, force: true })
  })
  // Whatever a test sends, the API never fails with an unhandled error (a 500).
  afterEach(() => {
    expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
  })
}
