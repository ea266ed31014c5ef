/**
 * Who may read a dispute, and as whom: one rule (docs/architecture.md) that the dispute's page, its
 * messages, its evidence files and the moderators' queue all go through. Pure: pages may load it.
 */
import type { DisputeRole } from './rules'

/** Who asks: a signed-in user, and whether they are a moderator (or admin). */
export interface Reader {
  id: string
  isModerator: boolean
}

/** The parties of a dispute: its two traders, and the middleman who took the trade's request (if any). */
export interface DisputeParties {
  openerId: string
  respondentId: string
  middlemanId: string | null
}

/**
 * The reader's part in a dispute, or null when it is not theirs to read (it is then not revealed: 404).
 * The two traders and the trade's middleman read their own disputes; moderators read every dispute.
 */
export function disputeRoleOf(parties: DisputeParties, reader: Reader): DisputeRole | null {
  if (parties.openerId === reader.id) return 'opener'
  if (parties.respondentId === reader.id) return 'respondent'
  if (parties.middlemanId && parties.middlemanId === reader.id) return 'middleman'
  return reader.isModerator ? 'moderator' : null
}
