import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  compressValue,
  cropSellValue,
  cropValue,
  describeModifiers,
  GAG_CROPS,
  GAG_MUTATIONS,
  GAG_PET_MUTATIONS,
  type GagPetMutation,
  modifierRatio,
  mutationMultiplier,
  normalizeModifiers,
  petAgeAtWeight,
  petAgeOneWeight,
  petModifiers,
  petMutationOf,
  petRatio,
  petValue,
  petWeightAtAge,
  weightFactor,
} from './gag-modifiers'

const crop = (id: string) => {
  const c = GAG_CROPS[id]
  if (!c) throw new Error(`no crop ${id}`)
  return c
}

describe('cropSellValue: the game formula', () => {
  it('prices a 0.55 kg Gold Carrot with Wet and Shocked at 161,600 Sheckles', () => {
    // 4× weight (0.55 / 0.275 = 2, squared), M = 1 + 1 + 99 = 101: 20 × 20 × 101 × 4.
    expect(cropSellValue(crop('carrot'), { variant: 'gold', mutations: ['wet', 'shocked'], kg: 0.55 })).toBe(
      161_600,
    )
  })

  it('floors a light crop at 0.9025 × its base value, as the research table lists', () => {
    const floors: Record<string, number> = {
      carrot: 18,
      strawberry: 14,
      tomato: 27,
      watermelon: 2_708,
      mushroom: 136_278,
      beanstalk: 25_270,
      'sugar-apple': 43_320,
      'candy-blossom': 90_250,
      'bone-blossom': 180_500,
    }
    for (const [id, floor] of Object.entries(floors)) {
      expect(cropSellValue(crop(id), { kg: 0.01 }), id).toBe(floor)
      // At its base weight a Normal crop is worth its base value.
      expect(cropSellValue(crop(id), {}), id).toBe(crop(id).baseValue)
    }
  })

  it('adds environmental mutations (Shocked + Celestial = 219×) and multiplies only the variant', () => {
    expect(mutationMultiplier(['shocked', 'celestial'])).toBe(219)
    expect(mutationMultiplier([])).toBe(1)
    expect(cropSellValue(crop('tomato'), { mutations: ['shocked', 'celestial'] })).toBe(30 * 219)
    // Rainbow + Shocked = 5,000×.
    expect(cropSellValue(crop('tomato'), { variant: 'rainbow', mutations: ['shocked'] })).toBe(30 * 5_000)
    expect(cropSellValue(crop('tomato'), { variant: 'silver' })).toBe(150)
    expect(cropSellValue(crop('tomato'), { variant: 'diamond' })).toBe(1_500)
  })

  it('grows with the square of the weight', () => {
    expect(weightFactor(21, 7)).toBe(9)
    expect(weightFactor(undefined, 7)).toBe(1)
    expect(cropSellValue(crop('watermelon'), { kg: 14 })).toBe(12_000)
  })

  it('compresses values above 1T as the game does since October 2025', () => {
    expect(compressValue(5e11)).toBe(5e11)
    expect(compressValue(1e12)).toBe(1e12)
    expect(compressValue(20e12)).toBe(10e12)
    expect(compressValue(10.5e12)).toBeCloseTo(5.5e12)
    expect(compressValue(750e12)).toBe(280e12)
    expect(compressValue(1500e12)).toBeGreaterThan(280e12)
  })
})

describe('normalizeModifiers', () => {
  it('keeps one variant, fuses mutations and keeps the best of an exclusive group', () => {
    expect(normalizeModifiers(['gold', 'rainbow', 'shocked'])).toEqual({
      variant: 'rainbow',
      mutations: ['shocked'],
      unknown: [],
    })
    expect(normalizeModifiers(['wet', 'chilled']).mutations).toEqual(['frozen'])
    expect(normalizeModifiers(['celestial', 'aurora', 'galactic']).mutations).toEqual(['astral'])
    expect(normalizeModifiers(['cooked', 'burnt']).mutations).toEqual(['cooked'])
    expect(normalizeModifiers(['amber', 'ancientamber', 'oldamber']).mutations).toEqual(['ancientamber'])
    expect(normalizeModifiers(['normal', 'bogus'])).toEqual({ mutations: [], unknown: ['bogus'] })
  })

  it('is what it is given when nothing fuses (sorted)', () => {
    const once = normalizeModifiers(['shocked', 'wet', 'gold'])
    expect(once).toEqual({ variant: 'gold', mutations: ['shocked', 'wet'], unknown: [] })
    expect(normalizeModifiers([once.variant as string, ...once.mutations])).toEqual(once)
  })
})

describe('a crop with a community trade value', () => {
  it('is the trade value times the ratio the game applies to a Normal crop at its base weight', () => {
    expect(modifierRatio('carrot', { variant: 'gold', mutations: ['wet', 'shocked'], kg: 0.55 })).toBe(
      161_600 / 20,
    )
    expect(cropValue('carrot', 1_000, { variant: 'gold' })).toBe(20_000)
    // Without game data (no base weight) the variant and mutations still multiply.
    expect(cropValue('blueberry', 1_000, { variant: 'gold', mutations: ['shocked'] })).toBe(2_000_000)
  })

  it('counts a crop without a trade value at its sell value, where the game data is known', () => {
    expect(cropValue('carrot', null, { variant: 'gold', mutations: ['wet', 'shocked'], kg: 0.55 })).toBe(
      161_600,
    )
    expect(cropValue('blueberry', null, { variant: 'gold' })).toBeNull()
  })
})

describe('data', () => {
  it('names crops of the Grow a Garden catalog, and mutations with positive multipliers', () => {
    const file = JSON.parse(readFileSync('catalog/grow-a-garden.json', 'utf8')) as {
      items: { id: string; category: string }[]
    }
    const seeds = new Set(file.items.filter((i) => i.category === 'seed').map((i) => i.id))
    for (const id of Object.keys(GAG_CROPS)) expect(seeds.has(id), id).toBe(true)
    expect(GAG_MUTATIONS.size).toBeGreaterThan(100)
    for (const m of GAG_MUTATIONS.values()) expect(m.multiplier).toBeGreaterThan(1)
    expect(GAG_MUTATIONS.get('shocked')?.multiplier).toBe(100)
    expect(GAG_MUTATIONS.get('honeyglazed')?.label).toBe('HoneyGlazed')
  })

  it('lists the mutations in the alphabetical order of their names', () => {
    const labels = [...GAG_MUTATIONS.values()].map((m) => m.label)
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)))
  })

  it('describes modifiers in the game words', () => {
    expect(describeModifiers({ variant: 'gold', mutations: ['shocked', 'wet'], kg: 0.55 })).toBe(
      '0.55 kg · Gold · Shocked · Wet',
    )
    expect(describeModifiers({})).toBe('')
  })
})

describe('Grow a Garden pets: weight from age, mutation multipliers', () => {
  it('grows a pet’s weight with its age, W1 × (age + 10) / 11, and reads the age back from a weight', () => {
    expect(petWeightAtAge(1.1, 1)).toBeCloseTo(1.1)
    expect(petWeightAtAge(1.1, 100)).toBeCloseTo(11)
    expect(petWeightAtAge(1.1, 125)).toBeCloseTo(11)
    expect(petWeightAtAge(2, 45)).toBeCloseTo(10)
    expect(petAgeAtWeight(2, 10)).toBeCloseTo(45)
    expect(petAgeAtWeight(1.1, 11)).toBeCloseTo(100)
    expect(petAgeOneWeight(10, 45)).toBeCloseTo(2)
    for (const age of [1, 7, 50, 100]) expect(petAgeAtWeight(3.3, petWeightAtAge(3.3, age))).toBeCloseTo(age)
  })

  it('multiplies by each pet mutation, rarer is higher, from Shiny to Ascended ×5', () => {
    for (const [key, m] of Object.entries(GAG_PET_MUTATIONS)) {
      expect(petRatio(petModifiers(key as GagPetMutation, undefined))).toBe(m.multiplier)
      expect(petValue(1_000, petModifiers(key as GagPetMutation, undefined))).toBeCloseTo(
        1_000 * m.multiplier,
      )
      expect(m.multiplier).toBeGreaterThan(1)
      expect(m.multiplier).toBeLessThanOrEqual(5)
    }
    expect(GAG_PET_MUTATIONS.ascended.multiplier).toBe(5)
    // Machine weights (rarer = smaller): Shiny 100, Inverted 50, Windy/Frozen 30, Golden/Mega/Tiny 20, … Ascended 1.
    const byRarity = ['shiny', 'inverted', 'windy', 'golden', 'shocked', 'ascended'] as const
    for (let i = 1; i < byRarity.length; i++)
      expect(GAG_PET_MUTATIONS[byRarity[i] as GagPetMutation].multiplier).toBeGreaterThan(
        GAG_PET_MUTATIONS[byRarity[i - 1] as GagPetMutation].multiplier,
      )
    expect(Object.keys(GAG_PET_MUTATIONS)).toHaveLength(12)
  })

  it('values a pet with no mutation and no age at its plain value, and grows it with its age', () => {
    expect(petValue(1_000, {})).toBe(1_000)
    expect(petValue(null, { mutations: ['golden'] })).toBeNull()
    expect(petRatio({ age: 1 })).toBe(1)
    expect(petRatio({ age: 100 })).toBe(10)
    expect(petRatio(petModifiers('golden', 45))).toBeCloseTo(1.5 * 5)
    expect(petMutationOf({ variant: 'rainbow' })).toBe('rainbow')
    expect(petMutationOf({ mutations: ['celestial'] })).toBeUndefined()
    expect(describeModifiers(petModifiers('golden', 45))).toBe('Age 45 · Golden')
  })
})
