import { describe, expect, it } from 'vitest'
import { defaultVariantOf, storedVariants, variantsWithDefault } from './catalog-rules'

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
