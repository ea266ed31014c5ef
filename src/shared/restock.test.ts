import { describe, expect, it } from 'vitest'
import { formatCountdown, nextRestockAt } from './restock'

describe('nextRestockAt', () => {
  const at = (iso: string) => Date.parse(iso)
  it('rounds up to the next clock boundary', () => {
    expect(nextRestockAt(5, at('2026-01-01T10:02:30Z'))).toBe(at('2026-01-01T10:05:00Z'))
    expect(nextRestockAt(30, at('2026-01-01T10:31:00Z'))).toBe(at('2026-01-01T11:00:00Z'))
  })
  it('moves on when now is exactly on a boundary', () => {
    expect(nextRestockAt(5, at('2026-01-01T10:05:00Z'))).toBe(at('2026-01-01T10:10:00Z'))
  })
})

describe('formatCountdown', () => {
  it('formats minutes and hours', () => {
    expect(formatCountdown(245_000)).toBe('4:05')
    expect(formatCountdown(3_723_000)).toBe('1:02:03')
    expect(formatCountdown(-5)).toBe('0:00')
  })
})
