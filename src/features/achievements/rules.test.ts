import { describe, expect, it } from 'vitest'
import { ACHIEVEMENT_IDS, type AchievementFacts, earnedBy, MARKETPLACE_OPENED_AT } from './rules'

/** A trader with nothing: an account opened after the marketplace, no facts. */
const NONE: AchievementFacts = {
  onLaunchList: false,
  robloxVerified: false,
  completedTrades: 0,
  reviews: 0,
  averageRating: null,
  approvedSuggestions: 0,
  stockReportsAsManager: 0,
  createdAt: new Date(Date.parse(MARKETPLACE_OPENED_AT) + 1000),
  middlemanJobsDone: 0,
  recruits: 0,
}
const earns = (facts: Partial<AchievementFacts>) => earnedBy({ ...NONE, ...facts })

describe('achievement rules', () => {
  it('has the 11 ids the API promises (and Recruiter)', () => {
    for (const id of [
      'og-member',
      'verified',
      'first-trade',
      'trades-10',
      'trades-50',
      'trades-100',
      'five-star',
      'value-contributor',
      'stock-reporter',
      'early-adopter',
      'middleman',
    ])
      expect(ACHIEVEMENT_IDS).toContain(id)
  })

  it('earns nothing without facts', () => {
    expect(earns({})).toEqual([])
  })

  it('counts completed trades at 1, 10, 50 and 100', () => {
    expect(earns({ completedTrades: 1 })).toEqual(['first-trade'])
    expect(earns({ completedTrades: 9 })).toEqual(['first-trade'])
    expect(earns({ completedTrades: 10 })).toEqual(['first-trade', 'trades-10'])
    expect(earns({ completedTrades: 49 })).toEqual(['first-trade', 'trades-10'])
    expect(earns({ completedTrades: 50 })).toEqual(['first-trade', 'trades-10', 'trades-50'])
    expect(earns({ completedTrades: 99 })).not.toContain('trades-100')
    expect(earns({ completedTrades: 100 })).toEqual(['first-trade', 'trades-10', 'trades-50', 'trades-100'])
  })

  it('five-star needs 10 reviews averaging at least 4.8', () => {
    expect(earns({ reviews: 10, averageRating: 4.8 })).toEqual(['five-star'])
    expect(earns({ reviews: 9, averageRating: 5 })).toEqual([])
    expect(earns({ reviews: 10, averageRating: 4.79 })).toEqual([])
    expect(earns({ reviews: 10, averageRating: null })).toEqual([])
  })

  it('one fact each for the others', () => {
    expect(earns({ onLaunchList: true })).toEqual(['og-member'])
    expect(earns({ robloxVerified: true })).toEqual(['verified'])
    expect(earns({ approvedSuggestions: 1 })).toEqual(['value-contributor'])
    expect(earns({ stockReportsAsManager: 1 })).toEqual(['stock-reporter'])
    expect(earns({ middlemanJobsDone: 1 })).toEqual(['middleman'])
    expect(earns({ recruits: 1 })).toEqual(['recruiter'])
    expect(earns({ createdAt: new Date(Date.parse(MARKETPLACE_OPENED_AT) - 1) })).toEqual(['early-adopter'])
    expect(earns({ createdAt: new Date(MARKETPLACE_OPENED_AT) })).toEqual([])
  })
})
