import { describe, expect, it } from 'vitest'
import { reviewRefusal } from '@/features/trust/rules'
import { canReview } from './review-view'

describe('reviews after a trade', () => {
  const acceptedAt = '2026-05-01T12:00:00.000Z'
  const completedAt = '2026-05-03T12:00:00.000Z'
  const at = (days: number, from = completedAt) => Date.parse(from) + days * 24 * 60 * 60 * 1000
  const done = (reviewed = { owner: false, offerer: false }) => ({
    acceptedAt,
    decidedAt: acceptedAt,
    completedAt,
    reviewed,
  })
  it('each trader reviews a completed trade once, within 14 days of its completion', () => {
    expect(canReview(done(), 'owner', at(1))).toBe(true)
    expect(canReview(done(), 'offerer', at(14))).toBe(true)
    expect(canReview(done(), 'offerer', at(14.01))).toBe(false)
    expect(canReview(done({ owner: true, offerer: false }), 'owner', at(1))).toBe(false)
    expect(canReview(done({ owner: true, offerer: false }), 'offerer', at(1))).toBe(true)
  })

  it('an accepted trade, completed or not, or cancelled after, can be reviewed; one never accepted cannot', () => {
    const accepted = { ...done(), completedAt: null }
    expect(canReview(accepted, 'owner', at(14, acceptedAt))).toBe(true)
    expect(reviewRefusal(accepted, at(14.01, acceptedAt))).toBe('reviewTooLate')
    // Cancelled 20 days after the acceptance: 14 days from the cancellation.
    const cancelledAt = new Date(at(20, acceptedAt)).toISOString()
    const cancelled = { ...accepted, decidedAt: cancelledAt }
    expect(canReview(cancelled, 'offerer', at(13, cancelledAt))).toBe(true)
    expect(reviewRefusal(cancelled, at(15, cancelledAt))).toBe('reviewTooLate')
    // Pending, declined or cancelled before an acceptance.
    const never = { acceptedAt: null, decidedAt: acceptedAt, completedAt: null }
    expect(reviewRefusal(never, at(0, acceptedAt))).toBe('reviewNotAccepted')
    expect(canReview({ ...never, reviewed: { owner: false, offerer: false } }, 'owner', at(0))).toBe(false)
  })
})
