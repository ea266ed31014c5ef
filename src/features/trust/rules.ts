/**
 * The trust layer's rules, free of zod (the pages use them): verified Roblox accounts, reviews after
 * completed trades, blocks, reports and the moderators' queue. docs/decisions/033-trust-server.md
 */

export const TRUST_LIMITS = {
  /** A completed trade can be reviewed for this long. */
  reviewDays: 14,
  /** A review's comment. */
  maxComment: 500,
  /** A reviewer whose account is younger than this is marked "new account". */
  newAccountDays: 3,
  /** Two accounts reviewing each other more than this often within `pairWindowDays` count once. */
  pairReviews: 3,
  pairWindowDays: 30,
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
  reviewNotCompleted: 'Only a trade both traders confirmed can be reviewed',
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
