/**
 * Who may decide a case: a dispute, a report, a value suggestion. One rule in one place
 * (docs/architecture.md, docs/product.md §2): every route that decides one refuses with it (403), and
 * every queue answers with it whether its reader may decide each case. Pure: pages may load it.
 */

/** The staff member about to decide: a moderator, a value editor, an admin. */
export interface Decider {
  id: string
  /** An admin (the primary admin or the admin role): the only ones who act on staff. */
  isAdmin: boolean
}

/** What the rule looks at in a case. */
export interface CaseFacts {
  /**
   * Everyone who is part of it: a dispute's two traders and the trade's middleman; a report's reporters
   * and the author of what they reported (or the reported user); a suggestion's author. Null: a
   * deleted account.
   */
  people: readonly (string | null)[]
  /** The one the decision acts on (a dispute's respondent, a report's author) is a moderator or an admin. */
  targetIsStaff: boolean
}

/** The refusals, in the words the server answers with and the queues show. */
export const DECISION_MESSAGES = {
  ownCase: 'You are part of this case, so you cannot decide it: another moderator or an admin does',
  ownStaffCase: 'You are part of this case, so you cannot decide it: another admin does',
  staffCase: 'This case is about a moderator or an admin: only an admin can decide it',
} as const

/**
 * Why this staff member may not decide the case, or null when they may. Nobody decides a case they are
 * part of, admins included (another one does); a case about a moderator or an admin is an admin's to
 * decide (a moderator does not suspend, warn or hide the content of a colleague, nor dismiss it).
 */
export function decisionRefusal(decider: Decider, facts: CaseFacts): string | null {
  if (facts.people.includes(decider.id))
    return facts.targetIsStaff ? DECISION_MESSAGES.ownStaffCase : DECISION_MESSAGES.ownCase
  if (facts.targetIsStaff && !decider.isAdmin) return DECISION_MESSAGES.staffCase
  return null
}

/** Whether this staff member may decide the case (the queues' `mayDecide`). */
export const mayDecide = (decider: Decider, facts: CaseFacts): boolean =>
  decisionRefusal(decider, facts) === null
