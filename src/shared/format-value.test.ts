import { describe, expect, it } from 'vitest'
import { formatNumber, formatValue, formatValueFull } from './format-value'

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

describe('formatNumber', () => {
  it('writes a number as Intl.NumberFormat does in English', () => {
    const values = [
      0, 1, 7, 0.0006, 0.00004, 0.9996, 12.5, 999.999, 1000, 1234.5678, 0.125, 0.0005, 1.005, 2.675, 16_750,
      999_999.995,
    ]
    values.push(640_000_000, 1e21, 1.5e22, 1e24, 5e36, -0.001, -1234.567, 123_456_789.123)
    for (let i = 0; i < 500; i++) values.push(Math.round(Math.random() * 10 ** (i % 20)) / 10 ** (i % 5))
    for (const value of values) {
      for (const digits of [0, 2, 3]) {
        const intl = new Intl.NumberFormat('en', { maximumFractionDigits: digits }).format(value)
        expect(formatNumber(value, digits), `${value} with ${digits} decimals`).toBe(intl)
      }
    }
  })

  it('says what is not a number', () => {
    expect(formatNumber(Number.NaN)).toBe('NaN')
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('Infinity')
  })
})
