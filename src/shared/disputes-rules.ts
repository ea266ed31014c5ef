/** The dispute center's rules, free of zod (issue 27, docs/decisions/037-disputes.md). */

/** Why a trader opens a dispute on a trade. */
export const DISPUTE_REASONS = ['not-received', 'wrong-items', 'scam', 'other'] as const
export type DisputeReason = (typeof DISPUTE_REASONS)[number]

/** A dispute is `open` until a moderator decides it `upheld` or `rejected`. One open dispute per trade. */
export const DISPUTE_STATUSES = ['open', 'upheld', 'rejected'] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]
