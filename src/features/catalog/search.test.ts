import { describe, expect, it } from 'vitest'
import { editDistance, matchRank, normalizeSearch } from './search'

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

describe('editDistance', () => {
  it('counts added, dropped, changed and swapped letters', () => {
    expect(editDistance('dragon', 'dragon', 2)).toBe(0)
    expect(editDistance('drgon', 'dragon', 2)).toBe(1)
    expect(editDistance('kitsnue', 'kitsune', 2)).toBe(1)
    expect(editDistance('dough', 'doigh', 2)).toBe(1)
    expect(editDistance('leopard', 'leopadr', 2)).toBe(1)
  })
  it('stops past the bound', () => {
    expect(editDistance('dragon', 'phoenix', 1)).toBe(2)
    expect(editDistance('a', 'abcdef', 2)).toBe(3)
  })
})

describe('matchRank', () => {
  const rank = (name: string, query: string) => matchRank([normalizeSearch(name)], normalizeSearch(query))
  it('ranks the name itself, then its start, then words anywhere', () => {
    expect(rank('Dragon', 'dragon')).toBe(0)
    expect(rank('Dragon', 'drag')).toBe(1)
    expect(rank('West Dragon', 'dragon')).toBe(2)
    expect(rank('Shadow Dragon', 'dragon shad')).toBe(2)
  })
  it('forgives a typo, after every exact match: the whole name first, then a word of it', () => {
    expect(rank('Dragon', 'drgon')).toBe(3)
    expect(rank('West Dragon', 'drgon')).toBe(4)
    expect(rank('Kitsune', 'kitsnue')).toBe(3)
    expect(rank('Kitsune', 'Kitsnue')).toBe(3)
    expect(rank('Galaxy Empyrean Kitsune', 'kitsnue')).toBe(4)
    expect(rank('Dough', 'doguh')).toBe(3)
    expect(rank('Shadow Dragon', 'shadw dragon')).toBe(3)
    // A word being typed, with a typo: the start of a longer word.
    expect(rank('Kitsune', 'kitsn')).toBe(4)
  })
  it('does not guess from short words or far-off ones', () => {
    expect(rank('Ice', 'icr')).toBeNull()
    expect(rank('Dragon', 'wagon')).toBeNull()
    expect(rank('Kitsune', 'dragon')).toBeNull()
    expect(rank('Raccoon', 'dragon')).toBeNull()
  })
  it('matches any of the names (an alias)', () => {
    expect(matchRank(['tiger', 'leopard'], 'leoprad')).toBe(3)
  })
})
