import { describe, expect, it } from 'vitest'
import { tradeAdsSearch } from './api'
import { sideErrors, toEditorSlots, toRequestSlots } from './sides'
import { browseView } from './view'

const view = (path: string | undefined, query: string) => browseView(path, new URLSearchParams(query))

describe('browseView', () => {
  it('reads the game from the path, or from ?game= on /trading', () => {
    expect(view('fisch', 'game=adopt-me').game).toBe('fisch')
    expect(view(undefined, 'game=adopt-me').game).toBe('adopt-me')
    expect(view(undefined, 'game=minecraft').game).toBeUndefined()
  })

  it('keeps an item filter only with its game, and drops what the API would refuse', () => {
    expect(view('blox-fruits', 'has=kitsune&wants=dough')).toMatchObject({ has: 'kitsune', wants: 'dough' })
    expect(view(undefined, 'has=kitsune')).toMatchObject({ has: undefined })
    expect(view('blox-fruits', 'has=Kitsune!&tag=cheap&user=Bad Name&page=0')).toEqual({
      game: 'blox-fruits',
      has: undefined,
      wants: undefined,
      tag: undefined,
      user: undefined,
      verified: undefined,
      page: 1,
    })
    expect(view(undefined, 'tag=overpay&user=Trader_1&page=3')).toMatchObject({
      tag: 'overpay',
      user: 'trader_1',
      page: 3,
    })
    expect(view(undefined, 'page=501').page).toBe(1)
    expect(view(undefined, 'verified=1').verified).toBe(true)
    expect(view(undefined, 'verified=yes').verified).toBeUndefined()
  })

  it('writes the same query for the same view (one cache entry), page 1 left out', () => {
    expect(tradeAdsSearch({ page: 1, user: 'a', game: 'fisch', has: undefined })).toBe('?game=fisch&user=a')
    expect(tradeAdsSearch({ page: 2 })).toBe('?page=2')
    expect(tradeAdsSearch({})).toBe('')
    expect(tradeAdsSearch({ verified: true, user: 'a', page: 2 })).toBe('?user=a&verified=1&page=2')
    expect(tradeAdsSearch({ verified: false })).toBe('')
  })
})

describe('sides', () => {
  it('turns an ad’s slots into the editor’s and back into a request', () => {
    const slots = toEditorSlots([
      { item: 'kitsune', variant: null, quantity: 2, name: 'Kitsune', image: null, value: 1, retired: false },
      {
        item: 'dough',
        variant: 'permanent',
        quantity: 1,
        name: 'Dough',
        image: null,
        value: 2,
        retired: false,
      },
    ])
    expect(slots).toEqual([
      { itemId: 'kitsune', quantity: 2 },
      { itemId: 'dough', quantity: 1, variant: 'permanent' },
    ])
    expect(toRequestSlots(slots)).toEqual([
      { item: 'kitsune', quantity: 2 },
      { item: 'dough', quantity: 1, variant: 'permanent' },
    ])
  })

  it('puts the server’s field errors on their side and slot', () => {
    const fields = {
      'offering.1.item': 'Tiger is retired and cannot be traded',
      'offering.1.variant': 'no such variant',
      requesting: 'Request at least one item or tag',
      note: 'too long',
    }
    expect(sideErrors(fields, 'offering')).toEqual({
      side: undefined,
      slots: { 1: 'Tiger is retired and cannot be traded' },
    })
    expect(sideErrors(fields, 'requesting')).toEqual({ side: 'Request at least one item or tag', slots: {} })
    expect(sideErrors({ note: 'too long' }, 'offering')).toBeUndefined()
    expect(sideErrors(undefined, 'offering')).toBeUndefined()
  })
})
