import { describe, expect, it } from 'vitest'
import { formatSpan } from './format'

describe('formatSpan', () => {
  it('writes spans of a trade ad in minutes, hours, then days', () => {
    expect(formatSpan(10_000)).toBe('1 min')
    expect(formatSpan(59 * 60_000)).toBe('59 min')
    expect(formatSpan(60 * 60_000)).toBe('1 h')
    expect(formatSpan(-5 * 3_600_000 - 59_000)).toBe('5 h')
    expect(formatSpan(47 * 3_600_000 + 3_599_000)).toBe('47 h')
    expect(formatSpan(48 * 3_600_000)).toBe('2 d')
  })
})
