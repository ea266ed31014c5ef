import { describe, expect, it } from 'vitest'
import { canDispute, DISPUTE_LIMITS, newDisputeHref } from './rules'

const DAY = 24 * 60 * 60 * 1000
const now = Date.parse('2026-11-26T12:00:00Z')
const ago = (days: number) => new Date(now - days * DAY).toISOString()

describe('canDispute', () => {
  it('an accepted trade within the window of its acceptance', () => {
    expect(canDispute({ status: 'accepted', decidedAt: ago(3), completedAt: null }, now)).toBe(true)
    expect(
      canDispute(
        { status: 'accepted', decidedAt: ago(DISPUTE_LIMITS.windowDays + 1), completedAt: null },
        now,
      ),
    ).toBe(false)
  })

  it('a completed trade counts from its completion', () => {
    const decidedAt = ago(30)
    expect(
      canDispute({ status: 'completed', decidedAt, completedAt: ago(DISPUTE_LIMITS.windowDays) }, now),
    ).toBe(true)
    expect(canDispute({ status: 'completed', decidedAt, completedAt: ago(15) }, now)).toBe(false)
  })

  it('never a pending, declined or cancelled offer', () => {
    for (const status of ['pending', 'declined', 'cancelled'])
      expect(canDispute({ status, decidedAt: ago(1), completedAt: null }, now)).toBe(false)
    expect(canDispute({ status: 'accepted', decidedAt: null, completedAt: null }, now)).toBe(false)
  })

  it('links the form of the trade', () => {
    expect(newDisputeHref(42)).toBe('/dispute-center/new?offer=42')
  })
})
