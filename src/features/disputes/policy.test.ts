import { describe, expect, it } from 'vitest'
import { disputeRoleOf } from './policy'

describe('who may read a dispute', () => {
  const parties = { openerId: 'a', respondentId: 'b', middlemanId: 'm' }
  it('its two traders and the trade’s middleman read it as themselves; moderators as moderators', () => {
    expect(disputeRoleOf(parties, { id: 'a', isModerator: false })).toBe('opener')
    expect(disputeRoleOf(parties, { id: 'b', isModerator: true })).toBe('respondent')
    expect(disputeRoleOf(parties, { id: 'm', isModerator: false })).toBe('middleman')
    expect(disputeRoleOf(parties, { id: 'z', isModerator: true })).toBe('moderator')
  })
  it('anyone else reads nothing; a trade without a middleman admits no middleman', () => {
    expect(disputeRoleOf(parties, { id: 'z', isModerator: false })).toBeNull()
    expect(disputeRoleOf({ ...parties, middlemanId: null }, { id: 'm', isModerator: false })).toBeNull()
  })
})
