import { describe, expect, it, vi } from 'vitest'
import { itemDetailResponseSchema } from '@/features/catalog/contract'
import { createTestApp, served } from '@/test/app'
import { changeItemValue } from './changes'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const ITEM_URL = '/api/games/blox-fruits/items/kitsune'

/** The value an instance answers for the item (from its read cache when it holds the answer). */
async function valueOn(t: TestApp) {
  const res = await t.app.request(ITEM_URL)
  expect(res.status).toBe(200)
  return itemDetailResponseSchema.parse(await res.json()).item.value
}

/** Resolves with the first prefix the instance's cache drops, as told by another instance. */
function nextInvalidation(t: TestApp): Promise<string> {
  const invalidateLocal = t.cache.invalidateLocal.bind(t.cache)
  return new Promise((resolve) => {
    vi.spyOn(t.cache, 'invalidateLocal').mockImplementation((prefix) => {
      invalidateLocal(prefix)
      resolve(prefix)
    })
  })
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

// Two server processes on one PostgreSQL: PGlite is one process's database, so this needs a server.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'read cache across instances (runs with TEST_DATABASE_URL: two instances need one PostgreSQL)',
  () => {
    it("a value change on one instance invalidates the other's cached answer within 1 s", async () => {
      const a = await createTestApp()
      const b = await createTestApp({ sameDatabaseAs: a })
      try {
        const old = await valueOn(b) // B now answers from its cache
        expect(await valueOn(b)).toBe(old)
        const next = (old ?? 0) + 1_000_000
        const heard = nextInvalidation(b)

        const change = await changeItemValue(
          { db: a.database.db, cache: a.cache },
          { gameId: 'blox-fruits', itemId: 'kitsune', value: next, changedBy: null, source: 'admin' },
        )
        expect(change).toEqual({ changed: true })
        expect(await valueOn(a)).toBe(next)

        expect(await within(heard, 1000, "B's cache invalidation")).toBe('catalog:')
        expect(await valueOn(b)).toBe(next)
      } finally {
        await b.close()
        await a.close()
      }
    })

    it("the other instance's Node server stops answering the item itself once a change is heard", async () => {
      const a = await createTestApp()
      const b = await createTestApp({ sameDatabaseAs: a, sharedAnswers: true })
      const server = await served(b)
      try {
        const valueOnB = async () =>
          itemDetailResponseSchema.parse(await (await fetch(server.url + ITEM_URL)).json()).item.value
        const answeredByB = vi.spyOn(b.sharedAnswers!, 'serve')
        const old = await valueOnB()
        expect(await valueOnB()).toBe(old)
        expect(answeredByB.mock.results.map((r) => r.value)).toEqual([false, true])
        const heard = nextInvalidation(b)

        await changeItemValue(
          { db: a.database.db, cache: a.cache },
          {
            gameId: 'blox-fruits',
            itemId: 'kitsune',
            value: (old ?? 0) + 1_000_000,
            changedBy: null,
            source: 'admin',
          },
        )
        await within(heard, 1000, "B's cache invalidation")
        expect(await valueOnB()).toBe((old ?? 0) + 1_000_000)
        expect(answeredByB.mock.results.at(-1)?.value).toBe(false)
      } finally {
        await server.close()
        await b.close()
        await a.close()
      }
    })
  },
)
