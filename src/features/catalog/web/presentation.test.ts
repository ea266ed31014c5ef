import { describe, expect, it } from 'vitest'
import { initials } from '@/features/catalog/item-tile'
import { distinctLabels } from './components/item-row'
import { variantKeys } from './components/variants'

describe('how items are presented', () => {
  it('makes a tile of an item’s initials', () => {
    expect(initials('Shadow Dragon')).toBe('SD')
    expect(initials('Kitsune')).toBe('Ki')
    expect(initials('JIO (Over Heaven)')).toBe('JO')
    expect(initials("Traveler's Axe")).toBe('TA')
    expect(initials('🐋')).toBe('🐋')
  })

  it('says a label once ("Limited · limited" reads "Limited")', () => {
    expect(distinctLabels(['Limited', 'limited'])).toEqual(['Limited'])
    expect(distinctLabels(['Blox Fruits', null, 'Gamepass', 'gamepass'])).toEqual(['Blox Fruits', 'Gamepass'])
  })

  it('lists variants in the game’s order, whatever order the database keeps', () => {
    const labels = { normal: 'Normal', golden: 'Golden', rainbow: 'Rainbow', shiny: 'Shiny' }
    expect(variantKeys({ shiny: 3, golden: 2, normal: 1, rainbow: null }, labels)).toEqual([
      'normal',
      'golden',
      'rainbow',
      'shiny',
    ])
    expect(variantKeys({ b: 1, a: 2 }, null)).toEqual(['b', 'a'])
    expect(variantKeys(null, labels)).toEqual([])
  })
})
