import { describe, expect, it } from 'vitest'
import { canReview } from './review-view'

describe('reviews after a trade', () => {
  const completedAt = '2026-05-01T12:00:00.000Z'
  const at = (days: number) => Date.parse(completedAt) + days * 24 * 60 * 60 * 1000
  const done = (reviewed = { owner: false, offerer: false }) => ({
    status: 'completed' as const,
    completedAt,
    reviewed,
  })
  it('each trader reviews a completed trade once, within 14 days', () => {
    expect(canReview(done(), 'owner', at(1))).toBe(true)
    expect(canReview(done(), 'offerer', at(14))).toBe(true)
    expect(canReview(done(), 'offerer', at(14.01))).toBe(false)
    expect(canReview(done({ owner: true, offerer: false }), 'owner', at(1))).toBe(false)
    expect(canReview(done({ owner: true, offerer: false }), 'offerer', at(1))).toBe(true)
    expect(canReview({ ...done(), status: 'accepted', completedAt: null }, 'owner', at(1))).toBe(false)
  })
})
