import { describe, expect, it, vi } from 'vitest'
import { createTestDatabase } from '@/test/database'
import { createLogger } from './logger'
import { CACHE_CHANNEL, createSharedReadCache, ReadCache } from './read-cache'

describe('ReadCache', () => {
  it('keeps the entries in use and evicts the least recently used one', async () => {
    const cache = new ReadCache(60_000, () => {}, 3)
    let loads = 0
    const load = (v: string) => async () => {
      loads++
      return v
    }
    await cache.value('snapshot', load('s'))
    for (const key of ['a', 'b', 'c', 'd']) {
      await cache.value(key, load(key))
      await cache.value('snapshot', load('s')) // read on every request, so it stays
    }
    expect(loads).toBe(5)
    await cache.value('a', load('a')) // evicted long ago: loaded again
    expect(loads).toBe(6)
  })

  it('shares a load between concurrent callers and never keeps a failure', async () => {
    const cache = new ReadCache()
    let loads = 0
    const slow = async () => {
      loads++
      return 1
    }
    await Promise.all([cache.value('k', slow), cache.value('k', slow)])
    expect(loads).toBe(1)
    await expect(cache.value('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.value('bad', async () => 'ok')).toBe('ok')
  })

  it('says whether it still holds an answer: not once dropped, replaced or expired', async () => {
    let now = 1_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const cache = new ReadCache(60_000)
    const first = await cache.json('catalog:list', async () => ({ items: [1] }))
    expect(cache.holds('catalog:list', first)).toBe(true)
    expect(cache.holds('catalog:other', first)).toBe(false)
    cache.invalidate('catalog:')
    expect(cache.holds('catalog:list', first)).toBe(false)
    const second = await cache.json('catalog:list', async () => ({ items: [1] }))
    expect(cache.holds('catalog:list', first)).toBe(false) // the same data, but another answer
    expect(cache.holds('catalog:list', second)).toBe(true)
    now += 60_000
    expect(cache.holds('catalog:list', second)).toBe(false)
  })
})

describe("invalidating within a write's transaction", () => {
  it('tells the other instances with the commit, never on a rollback, and drops its own entries again at commit', async () => {
    const database = await createTestDatabase()
    const { cache, unlisten } = await createSharedReadCache(database, createLogger('silent'))
    try {
      const heard: string[] = []
      await database.listen(CACHE_CHANNEL, (prefix) => heard.push(prefix))
      const refused = database.db.transaction(async (tx) => {
        await cache.invalidate('rolled-back:', tx)
        throw new Error('refused')
      })
      await expect(refused).rejects.toThrow('refused')

      let stored = 1
      await cache.value('ads:list', async () => stored)
      await database.db.transaction(async (tx) => {
        await cache.invalidate('ads:', tx)
        // A read before the commit still sees (and caches) what is stored.
        expect(await cache.value('ads:list', async () => stored)).toBe(1)
        stored = 2
      })
      expect(await cache.value('ads:list', async () => stored)).toBe(2)
      // The writer went on once its own listener heard the word (the others hear it then too).
      expect(heard.map((payload) => payload.split('\u0001')[0])).toEqual(['ads:'])
    } finally {
      await unlisten()
      await database.drop()
    }
  })
})
