/** The dispute center's rules, free of zod (issue 27, docs/decisions/037-disputes.md). */

/** Why a trader opens a dispute on a trade. */
export const DISPUTE_REASONS = ['not-received', 'wrong-items', 'scam', 'other'] as const
export type DisputeReason = (typeof DISPUTE_REASONS)[number]

/** A dispute is `open` until a moderator decides it `upheld` or `rejected`. One open dispute per trade. */
export const DISPUTE_STATUSES = ['open', 'upheld', 'rejected'] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]

/** Who a dispute's reader is to it (what they may do on its page). */
export const DISPUTE_ROLES = ['opener', 'respondent', 'middleman', 'moderator'] as const
export type DisputeRole = (typeof DISPUTE_ROLES)[number]

/** What a moderator decides. */
export const DISPUTE_OUTCOMES = ['upheld', 'rejected'] as const
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number]

export const DISPUTE_LIMITS = {
  /** A trade can be disputed this many days after it was accepted (or completed, when it was). */
  windowDays: 14,
  maxDetails: 2000,
  maxMessage: 2000,
  maxNote: 1000,
  /** Evidence images a dispute holds, all traders together. */
  maxEvidence: 5,
  evidenceMaxBytes: 5 * 1024 * 1024,
  /** The longest side of a stored evidence image (re-encoded WebP, aspect kept). */
  evidenceSide: 1600,
  opensPerHour: 5,
  messagesPerHour: 60,
  evidencePerHour: 20,
  queuePageSize: 25,
} as const

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  'not-received': 'Items not received',
  'wrong-items': 'Wrong items',
  scam: 'Scam',
  other: 'Something else',
}

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Open',
  upheld: 'Upheld',
  rejected: 'Rejected',
}

export const DISPUTE_MESSAGES = {
  notFound: 'No dispute with this id',
  notDisputable: 'Only a trade that was accepted can be disputed',
  tooLate: `A trade can be disputed within ${DISPUTE_LIMITS.windowDays} days`,
  alreadyOpen: 'This trade already has an open dispute',
  closed: 'This dispute is decided: it takes no more messages or evidence',
  decided: 'This dispute is already decided',
  tooManyEvidence: `A dispute holds at most ${DISPUTE_LIMITS.maxEvidence} images`,
  evidenceNotAllowed: 'Only the two traders can add evidence',
  evidenceTooLarge: 'An image must be 5 MB or smaller',
  notImage: 'Evidence must be a PNG, JPEG or WebP image',
  chooseImage: 'Choose an image to upload',
  notSaved: 'The image could not be saved right now. Please try again later.',
  tooFast: 'Too many requests. Please wait a few minutes.',
} as const

/**
 * Whether a trade may be disputed now: any trade that was accepted (accepted, completed, or cancelled
 * after it was accepted), within `windowDays` of its completion or its last decision (the acceptance,
 * or the cancellation). The server decides; pages use it to offer the link.
 */
export function canDispute(
  offer: { acceptedAt: string | null; decidedAt: string | null; completedAt: string | null },
  now: number,
): boolean {
  if (!offer.acceptedAt) return false
  const since = offer.completedAt ?? offer.decidedAt ?? offer.acceptedAt
  return !!since && now - Date.parse(since) <= DISPUTE_LIMITS.windowDays * 24 * 60 * 60 * 1000
}

/** The form that opens a dispute on a trade (an offer). */
export const newDisputeHref = (offerId: number) => `/dispute-center/new?offer=${offerId}`
