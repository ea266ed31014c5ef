import { describe, expect, it } from 'vitest'
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
})
