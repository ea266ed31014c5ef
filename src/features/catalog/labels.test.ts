import { describe, expect, it } from 'vitest'
import { TRENDS } from '@/features/catalog/rules'
import { GAME_NAMES } from '@/shared/games'
import { categoryLabel, NO_TREND, trendLabel } from './labels'

describe('trendLabel', () => {
  it('shows the trend words in one case, Fluctuating as Unstable', () => {
    expect(trendLabel({ value: 10, trend: 'Rising' })).toBe('Rising')
    expect(trendLabel({ value: 10, trend: 'Dropping' })).toBe('Dropping')
    expect(trendLabel({ value: 10, trend: 'Fluctuating' })).toBe('Unstable')
    expect(trendLabel({ value: 10, trend: null })).toBe(NO_TREND)
  })
  it('never shows a market status as a trend', () => {
    expect(trendLabel({ value: 10, trend: 'Overpaid' })).toBe(NO_TREND)
    expect(trendLabel({ value: 10, trend: 'Underpaid' })).toBe(NO_TREND)
  })
  it('shows no trend at all on an item with no value', () => {
    expect(trendLabel({ value: null, trend: 'Stable' })).toBeNull()
    expect(trendLabel({ value: null, trend: null })).toBeNull()
  })
  it('gives every stored trend a label that starts with a capital', () => {
    for (const trend of TRENDS) expect(trendLabel({ value: 1, trend })).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/)
  })
})

describe('categoryLabel', () => {
  it('capitalises categories like rarities', () => {
    expect(categoryLabel('fruit')).toBe('Fruit')
    expect(categoryLabel('gamepass')).toBe('Gamepass')
    expect(categoryLabel('Limited')).toBe('Limited')
    expect(categoryLabel(null)).toBeNull()
  })
})

describe('game names', () => {
  it('are the games’ own names, never their address', () => {
    expect(GAME_NAMES['blox-fruits']).toBe('Blox Fruits')
    for (const name of Object.values(GAME_NAMES)) expect(name).toMatch(/^[A-Z]/)
  })
})

describe('trendLabel and what objects inherit', () => {
  it('reads a stored word such as "constructor" as no trend', () => {
    expect(trendLabel({ value: 1, trend: 'constructor' })).toBe(NO_TREND)
    expect(trendLabel({ value: 1, trend: '__proto__' })).toBe(NO_TREND)
  })
})
