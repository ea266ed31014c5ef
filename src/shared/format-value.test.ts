import { describe, expect, it } from 'vitest'
import { formatValue, formatValueFull } from './format-value'

describe('formatValue', () => {
  it('says an item has no value instead of showing 0', () => {
    expect(formatValue(null)).toBe('no value yet')
    expect(formatValueFull(null)).toBe('no value yet')
    expect(formatValue(0)).toBe('0')
  })
  it('is compact up to a quadrillion and scientific beyond (Grow a Garden reaches 1e24)', () => {
    expect(formatValue(640_000_000)).toBe('640M')
    expect(formatValue(3_910_000_000)).toBe('3.91B')
    expect(formatValue(1e24)).toBe('1E24')
    expect(formatValueFull(640_000_000)).toBe('640,000,000')
  })
})
