/**
 * The app each catalog API test file builds: the shipped catalog and the web pages, read with plain
 * GET requests.
 */
import { afterAll, beforeAll } from 'vitest'
import { createTestApp } from '@/test/app'
import { fakeWeb } from '@/test/web'

export let t: Awaited<ReturnType<typeof createTestApp>>
/** A GET of the app, with these request headers. */
export const get = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers })

/** Builds the app before the calling describe's tests and closes it after them. */
export function setUpCatalogApp() {
  beforeAll(async () => {
    t = await createTestApp({ web: await fakeWeb() })
  })
  afterAll(() => t.close())
}
