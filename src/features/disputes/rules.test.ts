import { describe, expect, it } from 'vitest'
import { canDispute, DISPUTE_LIMITS, newDisputeHref } from './rules'

const DAY = 24 * 60 * 60 * 1000
const now = Date.parse('2026-11-26T12:00:00Z')
const ago = (days: number) => new Date(now - days * DAY).toISOString()

describe('canDispute', () => {
  it('an accepted trade within the window of its acceptance', () => {
    const acceptedAt = ago(3)
    expect(canDispute({ acceptedAt, decidedAt: acceptedAt, completedAt: null }, now)).toBe(true)
    const long = ago(DISPUTE_LIMITS.windowDays + 1)
    expect(canDispute({ acceptedAt: long, decidedAt: long, completedAt: null }, now)).toBe(false)
  })

  it('a completed trade counts from its completion', () => {
    const acceptedAt = ago(30)
    const completedAt = ago(DISPUTE_LIMITS.windowDays)
    expect(canDispute({ acceptedAt, decidedAt: acceptedAt, completedAt }, now)).toBe(true)
    expect(canDispute({ acceptedAt, decidedAt: acceptedAt, completedAt: ago(15) }, now)).toBe(false)
  })

  it('a trade cancelled after its acceptance stays disputable; an offer never accepted never is', () => {
    expect(canDispute({ acceptedAt: ago(20), decidedAt: ago(1), completedAt: null }, now)).toBe(true)
    expect(canDispute({ acceptedAt: null, decidedAt: ago(1), completedAt: null }, now)).toBe(false)
  })

  it('links the form of the trade', () => {
    expect(newDisputeHref(42)).toBe('/dispute-center/new?offer=42')
  })
})
