import { describe, expect, it } from 'vitest'
import { valueCoverage } from './catalog-rules'

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
