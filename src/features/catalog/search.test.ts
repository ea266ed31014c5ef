import { describe, expect, it } from 'vitest'
import {
  editDistance,
  matchItem,
  matchRank,
  normalizeSearch,
  RENAMED_ITEMS,
  readVariantWords,
  searchAliases,
  VARIANT_WORDS,
} from './search'

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

describe('readVariantWords', () => {
  it("reads Adopt Me's potions, longest first, whole words only", () => {
    expect(readVariantWords('adopt-me', 'nfr frost')).toEqual({
      variant: 'neon-fly-ride',
      phrase: 'nfr',
      rest: 'frost',
    })
    expect(readVariantWords('adopt-me', 'frost mfr')?.variant).toBe('mega-neon-fly-ride')
    expect(readVariantWords('adopt-me', 'mega neon shadow dragon')).toEqual({
      variant: 'mega-neon-fly-ride',
      phrase: 'mega neon',
      rest: 'shadow dragon',
    })
    expect(readVariantWords('adopt-me', 'neon')).toEqual({
      variant: 'neon-fly-ride',
      phrase: 'neon',
      rest: '',
    })
    expect(readVariantWords('adopt-me', 'fr owl')?.variant).toBe('fly-ride')
    expect(readVariantWords('adopt-me', 'np owl')?.variant).toBe('normal')
    expect(readVariantWords('adopt-me', 'frost dragon')).toBeNull()
    expect(readVariantWords('adopt-me', 'neonx')).toBeNull()
  })
  it("reads other games' variants, and none for a game without", () => {
    expect(readVariantWords('blox-fruits', 'perm dough')).toEqual({
      variant: 'permanent',
      phrase: 'perm',
      rest: 'dough',
    })
    expect(readVariantWords('pet-simulator-99', 'rainbow shiny cat')?.variant).toBe('rainbow-shiny')
    expect(readVariantWords('pets-go', 'gold cat')?.variant).toBe('golden')
    expect(readVariantWords('murder-mystery-2', 'neon')).toBeNull()
    expect(readVariantWords('constructor', 'neon')).toBeNull()
  })
  it('names only variants the catalog has', () => {
    const adoptMe = ['normal', 'fly-ride', 'neon-fly-ride', 'mega-neon-fly-ride']
    for (const [, variant] of VARIANT_WORDS['adopt-me']!) expect(adoptMe).toContain(variant)
  })
})

describe('matchItem', () => {
  const pet = ['normal', 'fly-ride', 'neon-fly-ride', 'mega-neon-fly-ride']
  const frost = ['frost dragon']
  it('finds "nfr frost" as a Neon Fly Ride Frost Dragon, "mfr shadow" as a Mega', () => {
    expect(matchItem('adopt-me', frost, pet, 'nfr frost')).toEqual({ rank: 1, variant: 'neon-fly-ride' })
    expect(matchItem('adopt-me', frost, pet, 'frost nfr')).toEqual({ rank: 1, variant: 'neon-fly-ride' })
    expect(matchItem('adopt-me', ['shadow dragon'], pet, 'mfr shadow')).toEqual({
      rank: 1,
      variant: 'mega-neon-fly-ride',
    })
    expect(matchItem('adopt-me', frost, pet, 'mega neon frost dragon')).toEqual({
      rank: 0,
      variant: 'mega-neon-fly-ride',
    })
    expect(matchItem('adopt-me', frost, pet, 'nfr frots')).toEqual({ rank: 4, variant: 'neon-fly-ride' })
  })
  it('finds every item with the variant for the variant words alone', () => {
    expect(matchItem('adopt-me', frost, pet, 'neon')).toEqual({ rank: 2, variant: 'neon-fly-ride' })
    expect(matchItem('adopt-me', frost, pet, 'mega')).toEqual({ rank: 2, variant: 'mega-neon-fly-ride' })
  })
  it('finds nothing when the rest matches nothing or the item lacks the variant', () => {
    expect(matchItem('adopt-me', frost, pet, 'nfr shadow')).toBeNull()
    expect(matchItem('adopt-me', frost, ['normal'], 'nfr frost')).toBeNull()
    expect(matchItem('murder-mystery-2', frost, pet, 'nfr frost')).toBeNull()
  })
  it('reads a word of the name as the name, not a variant', () => {
    const slime = ['huge rainbow slime']
    expect(matchItem('pet-simulator-99', slime, ['normal', 'rainbow'], 'rainbow slime')).toEqual({ rank: 2 })
    expect(matchItem('pet-simulator-99', ['cat'], ['normal', 'rainbow'], 'rainbow cat')).toEqual({
      rank: 0,
      variant: 'rainbow',
    })
  })
  it('keeps plain matches as they were', () => {
    expect(matchItem('adopt-me', frost, pet, 'frost')).toEqual({ rank: 1 })
    expect(matchItem('blox-fruits', ['dragon'], [], 'drgon')).toEqual({ rank: 3 })
  })
})

describe('searchAliases', () => {
  it("adds Blox Fruits' former names to an item's own aliases, normalised, once", () => {
    expect(searchAliases('blox-fruits', 'tiger', ['Leopard'])).toEqual(['leopard'])
    expect(searchAliases('blox-fruits', 'spirit', [])).toEqual(['soul'])
    expect(searchAliases('blox-fruits', 'portal', ['Door'])).toEqual(['door'])
    expect(searchAliases('murder-mystery-2', 'chroma-vampires-gun', ['cvg'])).toEqual(['cvg'])
    expect(searchAliases('blox-fruits', 'constructor', [])).toEqual([])
  })
  it('lets an old name find the renamed fruit', () => {
    for (const [id, former] of Object.entries(RENAMED_ITEMS['blox-fruits']!)) {
      const names = [id, ...searchAliases('blox-fruits', id, [])]
      for (const name of former) expect(matchRank(names, normalizeSearch(name)), name).toBe(0)
    }
    expect(matchRank(['spirit', ...searchAliases('blox-fruits', 'spirit', [])], 'sou')).toBe(1)
  })
})
