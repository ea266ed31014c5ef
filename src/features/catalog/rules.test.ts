import { describe, expect, it } from 'vitest'
import { defaultVariantOf, storedVariants, valueCoverage, variantsWithDefault } from './rules'

describe('valueCoverage', () => {
  it('says a game without a valued item has none, even an empty one', () => {
    expect(valueCoverage({ itemCount: 186, valuedCount: 0 })).toBe('none')
    expect(valueCoverage({ itemCount: 0, valuedCount: 0 })).toBe('none')
  })

  it('says values cover part of a game when fewer than nine in ten items have one', () => {
    expect(valueCoverage({ itemCount: 315, valuedCount: 88 })).toBe('partial')
    expect(valueCoverage({ itemCount: 100, valuedCount: 89 })).toBe('partial')
  })

  it('says values cover a game when nine in ten items or more have one', () => {
    expect(valueCoverage({ itemCount: 100, valuedCount: 90 })).toBe('full')
    expect(valueCoverage({ itemCount: 86, valuedCount: 81 })).toBe('full')
    expect(valueCoverage({ itemCount: 90, valuedCount: 90 })).toBe('full')
  })
})

describe('one number for a value and its default variant', () => {
  it('names the default variant of the games with variants, and none of the others', () => {
    expect(defaultVariantOf('blox-fruits')).toBe('physical')
    expect(defaultVariantOf('adopt-me')).toBe('fly-ride')
    expect(defaultVariantOf('pet-simulator-99')).toBe('normal')
    expect(defaultVariantOf('pets-go')).toBe('normal')
    expect(defaultVariantOf('fisch')).toBeUndefined()
    expect(defaultVariantOf('__proto__')).toBeUndefined()
  })

  it('stores the variants without the default one, and reads it back as the value', () => {
    const given = { physical: 640_000_000, permanent: 6_240_000_000 }
    const stored = storedVariants('blox-fruits', given)
    expect(stored).toEqual({ permanent: 6_240_000_000 })
    expect(variantsWithDefault('blox-fruits', 700_000_000, stored)).toEqual({
      physical: 700_000_000,
      permanent: 6_240_000_000,
    })
    // A stale default variant is never read: the value is.
    expect(variantsWithDefault('blox-fruits', 700_000_000, given)?.physical).toBe(700_000_000)
    expect(variantsWithDefault('blox-fruits', null, {})).toEqual({ physical: null })
  })

  it('leaves items without variants, and games without a default variant, as they are', () => {
    expect(storedVariants('blox-fruits', null)).toBeNull()
    expect(variantsWithDefault('blox-fruits', 5, null)).toBeNull()
    expect(storedVariants('fisch', { normal: 1 })).toEqual({ normal: 1 })
    expect(variantsWithDefault('fisch', 5, { normal: 1 })).toEqual({ normal: 1 })
  })
})
