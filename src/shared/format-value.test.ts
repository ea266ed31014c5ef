import { describe, expect, it } from 'vitest'
import { formatValue, formatValueFull } from './format-value'

describe('formatValue', () => {
  it('says an item has no value instead of showing 0', () => {
    expect(formatValue(null)).toBe('no value yet')
    expect(formatValueFull(null)).toBe('no value yet')
    expect(formatValue(0)).toBe('0')
  })

  it('reads with the suffixes traders use, never scientific notation', () => {
    expect(formatValue(950)).toBe('950')
    expect(formatValue(1500)).toBe('1.5K')
    expect(formatValue(640_000_000)).toBe('640M')
    expect(formatValue(3_910_000_000)).toBe('3.91B')
    expect(formatValue(778_890_343_314)).toBe('778.89B')
    expect(formatValue(2.5e12)).toBe('2.5T')
    expect(formatValue(5e15)).toBe('5Qa')
    expect(formatValue(7e18)).toBe('7Qi')
    expect(formatValue(1.25e21)).toBe('1.25Sx')
    expect(formatValue(1e24)).toBe('1Sp')
    expect(formatValue(3e27)).toBe('3Oc')
    expect(formatValue(1e30)).toBe('1No')
    expect(formatValue(4e33)).toBe('4Dc')
    expect(formatValue(5e36)).toBe('5,000Dc')
    expect(formatValue(-3_910_000_000)).toBe('-3.91B')
    for (const v of [1e15, 1e18, 1e24, 1e30]) expect(formatValue(v)).not.toMatch(/E/)
  })

  it('moves up a suffix when rounding reaches a thousand', () => {
    expect(formatValue(999_999)).toBe('1M')
    expect(formatValue(999_994)).toBe('999.99K')
    expect(formatValue(999_999_999_999_999)).toBe('1Qa')
  })

  it('keeps the decimals a unit needs (Adopt Me values are small)', () => {
    expect(formatValue(3.675)).toBe('3.68')
    expect(formatValueFull(3.675)).toBe('3.68')
    expect(formatValue(0.032)).toBe('0.032')
    expect(formatValueFull(0.455)).toBe('0.455')
    expect(formatValue(36.85)).toBe('36.85')
    expect(formatValue(19)).toBe('19')
  })

  it('gives the exact figure in full', () => {
    expect(formatValueFull(640_000_000)).toBe('640,000,000')
    expect(formatValueFull(1e24)).toBe('1,000,000,000,000,000,000,000,000')
    expect(formatValueFull(16_750)).toBe('16,750')
  })
})
