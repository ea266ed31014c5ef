import { describe, expect, it } from 'vitest'
import {
  type AdTerms,
  compareMatches,
  type Lists,
  matchAd,
  type RankedMatch,
  withDefaultVariant,
} from './matching'

const slot = (itemId: string, quantity = 1, variant: string | null = null) => ({ itemId, variant, quantity })
const ad = (offering: AdTerms['offering'], requesting: AdTerms['requesting'], any = false): AdTerms => ({
  offering,
  requesting,
  any,
})

describe('matchAd: an ad offers something I want and asks for something I have (or any)', () => {
  const lists: Lists = { have: [slot('dough', 2), slot('leopard')], want: [slot('kitsune')] }

  it('matches: I get all it offers, and give what it asks for that I have', () => {
    const match = matchAd(lists, ad([slot('kitsune'), slot('buddha')], [slot('dough'), slot('rumble')]))
    expect(match).toEqual({
      give: [slot('dough')],
      get: [slot('kitsune'), slot('buddha')],
      wanted: 1,
      had: 1,
      any: false,
    })
  })

  it('no match when it offers nothing I want, however much of mine it asks for', () => {
    expect(matchAd(lists, ad([slot('buddha')], [slot('dough'), slot('leopard')]))).toBeNull()
  })

  it('no match when it asks for nothing I have and does not take any', () => {
    expect(matchAd(lists, ad([slot('kitsune')], [slot('rumble')]))).toBeNull()
    expect(matchAd(lists, ad([slot('kitsune')], []))).toBeNull()
  })

  it('an ad that takes "any" matches on what it offers alone; I give only what it asks for that I have', () => {
    expect(matchAd(lists, ad([slot('kitsune')], [], true))).toEqual({
      give: [],
      get: [slot('kitsune')],
      wanted: 1,
      had: 0,
      any: true,
    })
    expect(matchAd(lists, ad([slot('kitsune')], [slot('leopard')], true))?.give).toEqual([slot('leopard')])
  })

  it('gives as many as the ad asks for, at most as many as I have', () => {
    expect(matchAd(lists, ad([slot('kitsune')], [slot('dough', 5)]))?.give).toEqual([slot('dough', 2)])
    expect(matchAd(lists, ad([slot('kitsune')], [slot('dough', 1)]))?.give).toEqual([slot('dough', 1)])
  })

  it("an entry is its variant only; without one, the item's own value", () => {
    const variants: Lists = {
      have: [slot('control', 1, 'permanent')],
      want: [slot('kitsune')],
    }
    expect(matchAd(variants, ad([slot('kitsune')], [slot('control', 1, 'permanent')]))).not.toBeNull()
    // I have the permanent Control only: an ad asking for the plain fruit asks for something I do not have.
    expect(matchAd(variants, ad([slot('kitsune')], [slot('control')]))).toBeNull()
    // I want the plain Kitsune: a permanent one is another thing (and another value).
    expect(
      matchAd(variants, ad([slot('kitsune', 1, 'permanent')], [slot('control', 1, 'permanent')])),
    ).toBeNull()
    const wantsPermanent: Lists = { have: [slot('control')], want: [slot('kitsune', 1, 'permanent')] }
    expect(matchAd(wantsPermanent, ad([slot('kitsune')], [slot('control')]))).toBeNull()
    expect(
      matchAd(wantsPermanent, ad([slot('kitsune', 1, 'permanent')], [slot('control', 3)]))?.give,
    ).toEqual([slot('control', 1)])
  })

  it("the game's default variant written out is the item's own value", () => {
    const lists: Lists = {
      have: withDefaultVariant([slot('control', 1, 'physical')], 'physical'),
      want: [slot('kitsune')],
    }
    const terms = ad(withDefaultVariant([slot('kitsune', 1, 'physical')], 'physical'), [slot('control')])
    expect(matchAd(lists, terms)?.give).toEqual([slot('control')])
    expect(withDefaultVariant([slot('a', 1, 'permanent'), slot('b', 1, 'physical')], undefined)).toEqual([
      slot('a', 1, 'permanent'),
      slot('b', 1, 'physical'),
    ])
  })

  it('counts each offered slot I want and each asked slot I have', () => {
    const many: Lists = { have: [slot('dough'), slot('leopard')], want: [slot('kitsune'), slot('buddha')] }
    const match = matchAd(
      many,
      ad([slot('kitsune'), slot('buddha'), slot('rumble')], [slot('dough'), slot('leopard')]),
    )
    expect(match).toMatchObject({ wanted: 2, had: 2 })
  })

  it('empty lists match nothing', () => {
    expect(matchAd({ have: [], want: [] }, ad([slot('kitsune')], [], true))).toBeNull()
  })
})

describe('compareMatches: best first', () => {
  const m = (over: Partial<RankedMatch>): RankedMatch => ({
    verdict: 'fair',
    percent: 0,
    wanted: 1,
    had: 1,
    listedAt: 1000,
    id: 1,
    ...over,
  })
  const order = (matches: RankedMatch[]) => [...matches].sort(compareMatches).map((x) => x.id)

  it('a win for me, then fair, then no verdict, then a loss, whatever the percents', () => {
    expect(
      order([
        m({ id: 1, verdict: 'loss', percent: -12 }),
        m({ id: 2, verdict: null, percent: 0 }),
        m({ id: 3, verdict: 'fair', percent: 9 }),
        m({ id: 4, verdict: 'win', percent: 11 }),
      ]),
    ).toEqual([4, 3, 2, 1])
  })

  it('within a verdict, the better value for me first', () => {
    expect(order([m({ id: 1, percent: -5 }), m({ id: 2, percent: 8 }), m({ id: 3, percent: 0 })])).toEqual([
      2, 3, 1,
    ])
  })

  it('at the same value, the ad that meets more of my lists, then the newest, then the higher id', () => {
    expect(
      order([
        m({ id: 1, wanted: 1, had: 1, listedAt: 5000 }),
        m({ id: 2, wanted: 2, had: 1, listedAt: 1000 }),
        m({ id: 3, wanted: 1, had: 1, listedAt: 6000 }),
        m({ id: 4, wanted: 1, had: 1, listedAt: 6000 }),
      ]),
    ).toEqual([2, 4, 3, 1])
  })
})
