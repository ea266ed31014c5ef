/**
 * The trust layer's rules, free of zod (the pages use them): verified Roblox accounts, reviews after
 * accepted trades, blocks, reports and the moderators' queue. docs/decisions/033-trust-server.md
 */

const DAY_MS = 24 * 60 * 60 * 1000

export const TRUST_LIMITS = {
  /** A trade can be reviewed for this long after it completed (or was accepted, or cancelled after). */
  reviewDays: 14,
  /** A review's comment. */
  maxComment: 500,
  /** A reviewer whose account is younger than this is marked "new account". */
  newAccountDays: 3,
  /** An author's reviews of one trader count toward the rating once in this many days. */
  countedReviewDays: 7,
  /** A rating at least this high is positive. */
  positiveRating: 4,
  /** Reviews on one page. */
  reviewsPageSize: 20,
  /** Reports one user files in an hour. */
  reportsPerHour: 10,
  /** A report's details. */
  maxDetails: 1_000,
  /** A moderator's note on resolving. */
  maxNote: 1_000,
  /** Reports one page of the queue answers. */
  reportsPageSize: 50,
  /** Earlier reports about the same author shown with a report. */
  earlierReports: 5,
  /** The trust page's figures cover this many days. */
  figuresDays: 30,
} as const

export const REPORT_TARGET_KINDS = ['ad', 'message', 'review', 'suggestion', 'user'] as const
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number]

export const REPORT_REASONS = ['scam', 'spam', 'harassment', 'impersonation', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam',
  spam: 'Spam',
  harassment: 'Harassment',
  impersonation: 'Impersonation',
  other: 'Something else',
}

export const REPORT_STATUSES = ['open', 'resolved'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/** What a moderator does with a report: nothing, hide the content, warn its author, suspend them. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'warn', 'suspend'] as const
export type ReportAction = (typeof REPORT_ACTIONS)[number]

export const TRUST_MESSAGES = {
  reviewNotAccepted: 'Only a trade that was accepted can be reviewed',
  reviewTooLate: 'Reviews can be written within 14 days of the trade',
  reviewExists: 'You already reviewed this trade',
  reportTargetNotFound: 'There is nothing to report here',
  reportExists: 'You already reported this',
  reportsTooFast: 'Too many reports: try again later',
  reportNotFound: 'Report not found',
  reportResolved: 'This report is already resolved',
  cannotHideUser: 'A user cannot be hidden: warn or suspend them',
  reportSelf: 'You cannot report yourself',
  moderatorsOnly: 'Only moderators can see this.',
} as const

/** Whether a report's action fits its target (a user has no content to hide). */
export const actionFits = (kind: ReportTargetKind, action: ReportAction) =>
  !(kind === 'user' && action === 'hide')

/** What decides whether a trade can be reviewed: its row on the server, its answer on the page. */
export interface ReviewableTrade {
  acceptedAt: Date | string | null
  completedAt: Date | string | null
  /** When it was accepted, or cancelled after. */
  decidedAt: Date | string | null
}

/**
 * Why neither trader may review this trade at `now` (ms), or null: they may (each once). Any trade that
 * was accepted can be reviewed, completed, still accepted or cancelled after, for 14 days from its
 * completion, else from its last decision (the acceptance or the cancellation). A block stops nothing.
 */
export function reviewRefusal(
  trade: ReviewableTrade,
  now: number,
): 'reviewNotAccepted' | 'reviewTooLate' | null {
  if (trade.acceptedAt === null) return 'reviewNotAccepted'
  const from = new Date(trade.completedAt ?? trade.decidedAt ?? trade.acceptedAt).getTime()
  return now - from > TRUST_LIMITS.reviewDays * DAY_MS ? 'reviewTooLate' : null
}
