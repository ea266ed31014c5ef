import { describe, expect, it } from 'vitest'
import {
  formatNumber,
  formatValue,
  formatValueFull,
  formatValueInput,
  parseValue,
  VALUE_SUFFIXES,
} from './format-value'

const read = (text: string) => {
  const parsed = parseValue(text)
  if (!parsed.ok) throw new Error(`${text}: ${parsed.problem}`)
  return parsed.value
}
const problem = (text: string) => {
  const parsed = parseValue(text)
  return parsed.ok ? `read as ${parsed.value}` : parsed.problem
}

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

describe('parseValue', () => {
  it('reads the notation the site shows, in any case, with commas', () => {
    expect(read('700M')).toBe(700_000_000)
    expect(read('80K')).toBe(80_000)
    expect(read('80k')).toBe(80_000)
    expect(read('1.5B')).toBe(1_500_000_000)
    expect(read('2Sx')).toBe(2e21)
    expect(read('2SX')).toBe(2e21)
    expect(read('1.25sx')).toBe(1.25e21)
    expect(read(' 640 M ')).toBe(640_000_000)
    expect(read('5,000Dc')).toBe(5e36)
    expect(read('640,000,000')).toBe(640_000_000)
    expect(read('1,234.5')).toBe(1234.5)
    expect(read('0.032')).toBe(0.032)
    expect(read('.5')).toBe(0.5)
    expect(read('12500')).toBe(12_500)
    expect(read('1.2e9')).toBe(1_200_000_000)
    expect(read('1E+3')).toBe(1000)
    expect(read('0')).toBe(0)
    expect(read('-3.91B')).toBe(-3_910_000_000)
  })

  it('knows every suffix the formatter writes', () => {
    for (const [tier, suffix] of VALUE_SUFFIXES.entries()) {
      expect(read(`3${suffix}`)).toBe(Number(`3e${tier * 3}`))
      expect(read(`3${suffix.toUpperCase()}`)).toBe(Number(`3e${tier * 3}`))
    }
  })

  it('is the inverse of the formatter: what it writes reads back as the same text and number', () => {
    const values = [
      0, 0.001, 0.032, 0.455, 1, 3.68, 19, 36.85, 950, 999, 1000, 1500, 16_750, 999_994, 999_999,
    ]
    values.push(640_000_000, 700_000_000, 3_910_000_000, 778_890_343_314, 2.5e12, 5e15, 7e18, 1.25e21, 1e24)
    values.push(3e27, 1e30, 4e33, 5e36, -3_910_000_000)
    for (let i = 0; i < 2000; i++) values.push(Math.round(Math.random() * 10 ** (i % 37)) / 10 ** (i % 4))
    for (const value of values) {
      const shown = formatValue(value)
      const back = read(shown)
      // The short form keeps two decimals of its suffix: reading it back gives the same text.
      expect(formatValue(back), `${value} shown as ${shown}`).toBe(shown)
      expect(Math.abs(back - value), `${value} shown as ${shown}`).toBeLessThanOrEqual(
        Math.max(Math.abs(value) * 0.005, 0.0005),
      )
      // The full figure reads back as the same figure.
      expect(formatValueFull(read(formatValueFull(value)))).toBe(formatValueFull(value))
    }
  })

  it('reads back exactly the values that the short form shows in full', () => {
    for (const value of [
      700_000_000, 80_000, 1_500_000_000, 2e21, 1.25e21, 3.91e9, 640e6, 16_750, 0.032, 5e36,
    ]) {
      expect(read(formatValue(value))).toBe(value)
      expect(read(formatValue(value).toLowerCase())).toBe(value)
    }
  })

  it('refuses what is not a value, saying how to write one', () => {
    expect(problem('')).toBe('Enter a value')
    expect(problem('  ')).toBe('Enter a value')
    expect(problem('abc')).toMatch(/^"abc" is not a value\. A number, or with a suffix .*700M/)
    expect(problem('M')).toMatch(/is not a value/)
    expect(problem('7X')).toBe('"X" is not a value suffix: use K, M, B, T, Qa, Qi, Sx, Sp, Oc, No or Dc')
    expect(problem('7 million')).toMatch(/is not a value suffix/)
    expect(problem('1.2.3')).toMatch(/is not a value/)
    expect(problem('1,00')).toMatch(/is not a value/)
    expect(problem('1,2345')).toMatch(/is not a value/)
    expect(problem('--5')).toMatch(/is not a value/)
    expect(problem('5M5')).toMatch(/is not a value/)
    expect(problem('1e3K')).toMatch(/not both/)
    expect(problem('1e999')).toBe('That value is too large')
    expect(problem('NaN')).toMatch(/is not a value suffix|is not a value/)
    expect(problem('Infinity')).toMatch(/is not a value/)
  })
})

describe('formatValueInput', () => {
  it('shows a value for editing in the site notation when that is exact, else every digit; it reads back the same', () => {
    expect(formatValueInput(640_000_000)).toBe('640M')
    expect(formatValueInput(1500)).toBe('1.5K')
    expect(formatValueInput(0.032)).toBe('0.032')
    expect(formatValueInput(778_890_343_314)).toBe('778,890,343,314')
    expect(formatValueInput(3.675)).toBe('3.675')
    expect(formatValueInput(null)).toBe('')
    for (let i = 0; i < 1000; i++) {
      const value = Math.round(Math.random() * 10 ** (i % 25)) / 10 ** (i % 4)
      expect(read(formatValueInput(value)), String(value)).toBe(value)
    }
  })
})
