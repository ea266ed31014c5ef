import { describe, expect, it, vi } from 'vitest'
import { ReadCache } from './read-cache'

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
