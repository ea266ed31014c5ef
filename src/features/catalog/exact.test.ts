/** Exact totals: values summed as BigInt millionths, so huge and decimal values carry no float noise. */
import { describe, expect, it } from 'vitest'
import { formatValueFull } from '@/shared/format-value'
import {
  formatScaledFull,
  mulScaled,
  percentOf,
  SCALE,
  scaleDecimal,
  scaledNumber,
  scaledText,
  toScaled,
} from './exact'
import { evaluateTrade } from './wfl'
import { catalog, item, one } from './wfl-test-setup'

describe('scaled decimals', () => {
  it('reads a number as the decimal the catalog wrote, not the binary double', () => {
    expect(toScaled(1e24)).toBe(10n ** 24n * SCALE)
    expect(toScaled(3.675)).toBe(3_675_000n)
    expect(toScaled(0.032)).toBe(32_000n)
    expect(toScaled(-1.5)).toBe(-1_500_000n)
    expect(toScaled(1.5e-7)).toBe(0n)
    expect(toScaled(5e-7)).toBe(1n)
    expect(() => toScaled(Number.NaN)).toThrow(RangeError)
  })
  it('reads decimal texts and refuses others', () => {
    expect(scaleDecimal('57000000000000000000000')).toBe(57n * 10n ** 21n * SCALE)
    expect(scaleDecimal('1.25e+3')).toBe(1250n * SCALE)
    expect(scaleDecimal('0.1234565')).toBe(123_457n)
    expect(scaleDecimal('abc')).toBeNull()
    expect(scaleDecimal('1e999')).toBeNull()
  })
  it('writes every digit back', () => {
    expect(scaledText(57n * 10n ** 21n * SCALE)).toBe('57000000000000000000000')
    expect(scaledText(3_675_000n)).toBe('3.675')
    expect(scaledText(-500_000n)).toBe('-0.5')
    expect(scaledText(0n)).toBe('0')
    expect(scaledNumber(3_675_000n)).toBe(3.675)
  })
  it('formats grouped at the unit decimals, as formatValueFull does, exactly', () => {
    expect(formatScaledFull(57n * 10n ** 21n * SCALE)).toBe('57,000,000,000,000,000,000,000')
    expect(formatScaledFull(toScaled(3.675))).toBe('3.68')
    expect(formatScaledFull(toScaled(0.032))).toBe('0.032')
    expect(formatScaledFull(toScaled(-1234.5))).toBe('-1,234.5')
    // Past a double's digits: every digit is kept.
    expect(formatScaledFull((10n ** 24n + 1n) * SCALE)).toBe('1,000,000,000,000,000,000,000,001')
    for (const v of [0, 950, 3.68, 640e6, 778_890_343_314, 0.5])
      expect(formatScaledFull(toScaled(v))).toBe(formatValueFull(v))
  })
  it('multiplies and takes percents exactly', () => {
    expect(mulScaled(toScaled(1e24), toScaled(1.1))).toBe(toScaled(1.1e24))
    expect(percentOf(-1n, 3n)).toBe(-33.333333)
    expect(percentOf(5n, 0n)).toBe(0)
  })
})

describe('evaluateTrade with huge values', () => {
  // Grow a Garden pets reach 1e24; a float sum of 45e21 + 10e21 + 2e21 is 56,999,999,999,999,990,000,000.
  const items = catalog(
    item('a', 45e21),
    item('b', 10e21),
    item('c', 2e21),
    item('d', 57e21),
    item('huge', 1e24),
    item('big', 4e23),
    item('pet', 1e24, { gameId: 'grow-a-garden', category: 'pet' }),
    item('shadow', 3.675),
    item('frost', 1.7),
  )
  it('sums without float noise', () => {
    expect(45e21 + 10e21 + 2e21).not.toBe(57e21)
    const r = evaluateTrade({ give: [one('a'), one('b'), one('c')], get: [one('d')] }, items, { band: 10 })
    expect(r.give.exactTotal).toBe('57000000000000000000000')
    expect(formatValueFull(r.give.total)).toBe('57,000,000,000,000,000,000,000')
    expect(r.get.exactTotal).toBe(r.give.exactTotal)
    expect(r.exactDifference).toBe('0')
    expect(r.difference).toBe(0)
    expect(r.verdict).toBe('fair')
  })
  it('keeps every digit of a total past a double', () => {
    const r = evaluateTrade({ give: [one('huge'), one('big', 2)], get: [one('huge', 999)] }, items, {
      band: 10,
    })
    expect(r.give.exactTotal).toBe('1800000000000000000000000')
    expect(r.get.exactTotal).toBe('999000000000000000000000000')
    expect(r.exactDifference).toBe('997200000000000000000000000')
  })
  it('sums decimals exactly', () => {
    const r = evaluateTrade({ give: [one('shadow', 3)], get: [one('frost', 7)] }, items, { band: 10 })
    expect(r.give.exactTotal).toBe('11.025')
    expect(r.get.exactTotal).toBe('11.9')
    expect(r.exactDifference).toBe('0.875')
  })
  it('values a pet by its mutation and age without noise', () => {
    // 1e24 × 1.1 is 1.1000000000000001e24 in floats.
    const r = evaluateTrade(
      { give: [{ itemId: 'pet', quantity: 1, modifiers: { mutations: ['shiny'] } }], get: [one('huge')] },
      items,
      { band: 10 },
    )
    expect(r.give.exactTotal).toBe('1100000000000000000000000')
    const aged = evaluateTrade(
      { give: [{ itemId: 'pet', quantity: 3, modifiers: { age: 45 } }], get: [one('huge')] },
      items,
      { band: 10 },
    )
    // 1e24 × (45 + 10) / 11 = 5e24, three of them.
    expect(aged.give.exactTotal).toBe('15000000000000000000000000')
  })
  it('puts the band edge exactly, with huge values', () => {
    // 9e23 for 1e24 is exactly 10% of the larger side: Fair; 1e24 for 1.2e24 is 16.7%: Win.
    const edge = catalog(item('x', 9e23), item('y', 1e24), item('z', 1.2e24))
    expect(evaluateTrade({ give: [one('x')], get: [one('y')] }, edge, { band: 10 }).verdict).toBe('fair')
    expect(evaluateTrade({ give: [one('y')], get: [one('z')] }, edge, { band: 10 }).verdict).toBe('win')
    expect(evaluateTrade({ give: [one('z')], get: [one('y')] }, edge, { band: 10 }).verdict).toBe('loss')
  })
})
