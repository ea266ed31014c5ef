import { describe, expect, it } from 'vitest'
import { DECISION_MESSAGES, decisionRefusal, mayDecide } from './policy'

const mod = { id: 'mod', isAdmin: false }
const admin = { id: 'admin', isAdmin: true }

describe('decisionRefusal: who may decide a case', () => {
  it('a moderator or an admin decides a case of others about a trader', () => {
    const facts = { people: ['a', 'b', null], targetIsStaff: false }
    expect(decisionRefusal(mod, facts)).toBeNull()
    expect(decisionRefusal(admin, facts)).toBeNull()
    expect(mayDecide(mod, facts)).toBe(true)
  })

  it('nobody decides a case they are part of, admins included', () => {
    expect(decisionRefusal(mod, { people: ['a', 'mod'], targetIsStaff: false })).toBe(
      DECISION_MESSAGES.ownCase,
    )
    expect(decisionRefusal(admin, { people: ['admin', 'b'], targetIsStaff: false })).toBe(
      DECISION_MESSAGES.ownCase,
    )
    expect(decisionRefusal(admin, { people: ['a', 'admin'], targetIsStaff: true })).toBe(
      DECISION_MESSAGES.ownStaffCase,
    )
    expect(mayDecide(admin, { people: ['admin'], targetIsStaff: false })).toBe(false)
  })

  it('a case about staff is an admin’s', () => {
    const facts = { people: ['a', 'other-mod'], targetIsStaff: true }
    expect(decisionRefusal(mod, facts)).toBe(DECISION_MESSAGES.staffCase)
    expect(decisionRefusal(admin, facts)).toBeNull()
  })
})
