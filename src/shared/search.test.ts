import { describe, expect, it } from 'vitest'
import { normalizeSearch } from './search'

describe('normalizeSearch', () => {
  it('lowercases and strips accents', () => {
    expect(normalizeSearch('Pokémon ÉCLAIR')).toBe('pokemon eclair')
  })
  it('folds punctuation and repeated spaces into one space', () => {
    expect(normalizeSearch('  T-Rex   (Shiny)!! ')).toBe('t rex shiny')
  })
  it('keeps digits and letters of other scripts', () => {
    expect(normalizeSearch('Huge Pet 99 竜')).toBe('huge pet 99 竜')
  })
  it('returns an empty string for punctuation only', () => {
    expect(normalizeSearch('--- !!')).toBe('')
  })
})
