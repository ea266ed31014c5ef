import { describe, expect, it } from 'vitest'
import { normalizeTrend, TRENDS } from '@/features/catalog/rules'

describe('normalizeTrend', () => {
  it('reads every spelling the sources use into the one vocabulary', () => {
    expect(normalizeTrend('Overpaid For')).toBe('Overpaid')
    expect(normalizeTrend(' untable ')).toBe('Unstable')
    expect(normalizeTrend('Doing well')).toBe('Rising')
    for (const trend of TRENDS) expect(normalizeTrend(trend)).toBe(trend)
  })

  it('reads no trend from nothing and from "SOON"', () => {
    for (const none of [null, undefined, '', '  ', 'SOON']) expect(normalizeTrend(none)).toBeNull()
  })

  it('does not know a spelling named like a built-in property of every object', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
      expect(normalizeTrend(name), name).toBeUndefined()
    }
    expect(normalizeTrend('Sideways')).toBeUndefined()
  })
})
