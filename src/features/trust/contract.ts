/**
 * The contracts of the trust layer: reviews, reports and the
 * moderators' queue, as the server validates them and the pages read them. docs/decisions/033-trust-server.md
 */
import { z } from 'zod'
import { text } from '@/shared/text'
import { USERNAME_MAX } from '../accounts/username-rules'
import { intParam } from '../catalog/contract'
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_KINDS, TRUST_LIMITS } from './rules'

export * from './rules'

// --- Reviews ----------------------------------------------------------------------------------------

const ratingMessage = 'rating must be a whole number from 1 to 5'

/** POST /api/trade-offers/:id/review → 201 the review. */
export const reviewRequestSchema = z.strictObject({
  rating: z.number({ error: ratingMessage }).int(ratingMessage).min(1, ratingMessage).max(5, ratingMessage),
  comment: text('comment', {
    max: TRUST_LIMITS.maxComment,
    messages: { tooLong: `comment can have at most ${TRUST_LIMITS.maxComment} characters` },
  }).optional(),
})
export type ReviewRequest = z.input<typeof reviewRequestSchema>

export const reviewSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  /** The reviewer's username ('deleted' once their account is gone). */
  author: z.string(),
  /** The reviewer's account was younger than 3 days when they wrote it. */
  newAccount: z.boolean(),
  createdAt: z.string(),
})
export type Review = z.infer<typeof reviewSchema>

/**
 * A trader's reputation: the average and the count of their reviews, their completed trades, the share
 * of positive ratings. A trading partner counts once in 7 days: one review of each author and one trade
 * with each partner in 7 days count (every review still shows in the list).
 */
export const reviewSummarySchema = z.object({
  /** null: no review yet. Rounded to one decimal. */
  average: z.number().nullable(),
  /** Reviews that count toward the average. */
  count: z.number().int(),
  /** Completed trades that count: one with each partner in 7 days. */
  completedTrades: z.number().int(),
  /** The distinct traders they completed trades with. */
  partners: z.number().int(),
  /** null: no review yet. */
  positivePercent: z.number().int().nullable(),
  /** Disputes against this trader a moderator upheld (docs/decisions/037-disputes.md). */
  disputesUpheld: z.number().int(),
})
export type ReviewSummary = z.infer<typeof reviewSummarySchema>

/** GET /api/users/:username/reviews?page= */
export const reviewsQuerySchema = z.strictObject({ page: intParam('page', 1, 1000, 1) })

export const reviewsResponseSchema = z.object({
  summary: reviewSummarySchema,
  reviews: z.array(reviewSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
})
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>

// --- Reports and moderation -------------------------------------------------------------------------

const targetKindMessage = `kind must be one of ${REPORT_TARGET_KINDS.join(', ')}`

/** POST /api/reports → 201 `{ id }`: an ad, an offer's message, a review, a suggestion (by id) or a user (by username). */
export const reportRequestSchema = z.strictObject({
  target: z.strictObject({
    kind: z.enum(REPORT_TARGET_KINDS, { error: targetKindMessage }),
    id: z.union(
      [
        z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        text('id', { min: 1, max: USERNAME_MAX, noControlCharacters: true }),
      ],
      { error: 'id must be the id of what you report (a username for a user)' },
    ),
  }),
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
  details: text('details', {
    max: TRUST_LIMITS.maxDetails,
    messages: { tooLong: `details can have at most ${TRUST_LIMITS.maxDetails} characters` },
  }).optional(),
})
export type ReportRequest = z.input<typeof reportRequestSchema>

/** GET /api/admin/reports?status=open|resolved&page= */
export const reportsQuerySchema = z.strictObject({
  status: z.enum(REPORT_STATUSES, { error: 'status must be open or resolved' }).optional(),
  page: intParam('page', 1, 1000, 1),
})

const reportIdMessage = 'id must be a number'
/** `:id` of a report. */
export const reportIdParamSchema = z.strictObject({
  id: z.coerce
    .number({ error: reportIdMessage })
    .int(reportIdMessage)
    .positive(reportIdMessage)
    .max(Number.MAX_SAFE_INTEGER),
})

/** POST /api/admin/reports/:id/resolve */
export const resolveReportRequestSchema = z.strictObject({
  action: z.enum(REPORT_ACTIONS, { error: `action must be one of ${REPORT_ACTIONS.join(', ')}` }),
  note: text('note', {
    max: TRUST_LIMITS.maxNote,
    messages: { tooLong: `note can have at most ${TRUST_LIMITS.maxNote} characters` },
  }).optional(),
})
export type ResolveReportRequest = z.input<typeof resolveReportRequestSchema>

/** Someone in a report, by username (null: none chosen yet): never an e-mail (docs/product.md §11). */
const personSchema = z.object({ id: z.string(), username: z.string().nullable() })

export const reportSchema = z.object({
  id: z.number().int(),
  target: z.object({ kind: z.enum(REPORT_TARGET_KINDS), id: z.string() }),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  reporter: personSchema.nullable(),
  createdAt: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** What was reported, as it reads now (null: deleted meanwhile); `hidden` once a moderator hid it. */
  content: z.object({ text: z.string(), link: z.string().nullable(), hidden: z.boolean() }).nullable(),
  /** Who wrote it (the user, for a user report). */
  author: personSchema.nullable(),
  /** Earlier reports about the same author (the latest few), with what was done. */
  earlierReports: z.array(
    z.object({
      id: z.number().int(),
      reason: z.enum(REPORT_REASONS),
      createdAt: z.string(),
      action: z.enum(REPORT_ACTIONS).nullable(),
    }),
  ),
  resolution: z
    .object({
      action: z.enum(REPORT_ACTIONS),
      note: z.string(),
      at: z.string(),
      /** The username of who resolved it (null: a deleted account, or no username). */
      by: z.string().nullable(),
    })
    .nullable(),
  /**
   * Whether this reader may decide it (while it is open): not when they reported it (or the same
   * thing) or wrote what was reported; one about a moderator or an admin, an admin only
   * (`decisionRefusal`, roles/policy.ts).
   */
  mayDecide: z.boolean(),
  /** Why this reader may not decide it (null: they may). */
  decideRefusal: z.string().nullable(),
})
export type Report = z.infer<typeof reportSchema>

export const reportsResponseSchema = z.object({
  reports: z.array(reportSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
})
export type ReportsResponse = z.infer<typeof reportsResponseSchema>

/** GET /api/trust/figures: live, anonymous figures of /trust-and-security. */
export const trustFiguresSchema = z.object({
  /** Reports resolved in the last 30 days. */
  reportsHandled: z.number().int(),
  /** Median hours from report to resolution over those (null: none). */
  medianHoursToHandle: z.number().nullable(),
  /** Accounts with a verified Roblox account. */
  verifiedTraders: z.number().int(),
  days: z.number().int(),
})
export type TrustFigures = z.infer<typeof trustFiguresSchema>
