import { describe, expect, it } from 'vitest'
import { listParams, listView, PAGE_SIZE, resolveView, startingValuesText } from './view'

const query = (q = '') => new URLSearchParams(q)

describe('resolveView: the game and tab an address asks for', () => {
  it('takes the game from the path first, then ?game=, else Blox Fruits', () => {
    expect(resolveView('adopt-me', query('game=fisch'))).toEqual({
      game: 'adopt-me',
      tab: 'values',
      unknownGame: null,
    })
    expect(resolveView(undefined, query('game=fisch&tab=wfl'))).toEqual({
      game: 'fisch',
      tab: 'wfl',
      unknownGame: null,
    })
    expect(resolveView(undefined, query())).toEqual({ game: 'blox-fruits', tab: 'values', unknownGame: null })
  })

  it('any tab but wfl is the values tab', () => {
    for (const tab of ['values', 'WFL', 'calculator', ''])
      expect(resolveView(undefined, query(`tab=${tab}`)).tab, tab).toBe('values')
  })

  it('names an unknown ?game= and shows the default game meanwhile', () => {
    expect(resolveView(undefined, query('game=minecraft'))).toEqual({
      game: 'blox-fruits',
      tab: 'values',
      unknownGame: 'minecraft',
    })
    // An unknown game in the path is the router's 404, not this view's concern: the default game.
    expect(resolveView('minecraft', query()).game).toBe('blox-fruits')
  })

  it('a search without a game searches every game (game null), only on the values tab', () => {
    expect(resolveView(undefined, query('search=dragon')).game).toBeNull()
    expect(resolveView(undefined, query('search=dragon&tab=wfl')).game).toBe('blox-fruits')
    expect(resolveView(undefined, query('search=dragon&game=adopt-me')).game).toBe('adopt-me')
    expect(resolveView('fisch', query('search=dragon')).game).toBe('fisch')
    expect(resolveView(undefined, query('search=')).game).toBe('blox-fruits')
  })
})

describe('listView and listParams: the values list from the address', () => {
  it('reads search, filters, sort and page', () => {
    const view = listView(query('search=kit&category=fruit&rarity=Mythical&sort=demand&page=3'))
    expect(view).toEqual({ search: 'kit', category: 'fruit', rarity: 'Mythical', sort: 'demand', page: 3 })
    expect(listParams('blox-fruits', view)).toEqual({
      game: 'blox-fruits',
      search: 'kit',
      category: 'fruit',
      rarity: 'Mythical',
      sort: 'demand',
      page: 3,
      pageSize: PAGE_SIZE,
    })
  })

  it('falls back to value sort and page 1 for anything else, so a bad link still shows a list', () => {
    for (const q of ['', 'sort=price&page=0', 'sort=&page=-4', 'sort=VALUE&page=abc', 'page=1.9'])
      expect(listView(query(q)), q).toMatchObject({ sort: 'value', page: 1 })
  })

  it('leaves out what is not set, so equal views ask for the same list', () => {
    const params = listParams('fisch', listView(query()))
    expect(params).toEqual({
      game: 'fisch',
      search: undefined,
      category: undefined,
      rarity: undefined,
      sort: 'value',
      page: 1,
      pageSize: PAGE_SIZE,
    })
  })
})

describe('startingValuesText', () => {
  it('says what the starting values were and the month they were taken', () => {
    expect(startingValuesText({ basis: 'community trade values', asOf: '2026-08-17' })).toBe(
      'community trade values as of August 2026',
    )
    expect(startingValuesText({ basis: 'community trade values', asOf: '2025-03-01' })).toBe(
      'community trade values as of March 2025',
    )
  })
})
