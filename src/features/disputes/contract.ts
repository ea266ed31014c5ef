/**
 * The dispute center's contracts: opening a dispute on a trade, its evidence and messages, and the
 * moderators' decision, as the server validates them and the pages read them. docs/decisions/037-disputes.md
 */
import { z } from 'zod'
import { text } from '@/shared/text'
import { intParam } from '../catalog/contract'
import { DISPUTE_LIMITS, DISPUTE_OUTCOMES, DISPUTE_REASONS, DISPUTE_ROLES, DISPUTE_STATUSES } from './rules'

export * from './policy'
export * from './rules'

const idMessage = 'id must be a number'
const idOf = () =>
  z.coerce.number({ error: idMessage }).int(idMessage).positive(idMessage).max(Number.MAX_SAFE_INTEGER)

/** `:id` of a dispute. */
export const disputeIdParamSchema = z.strictObject({ id: idOf() })

/** `:id/evidence/:evidenceId` of an evidence image. */
export const evidenceParamSchema = z.strictObject({ id: idOf(), evidenceId: idOf() })

/** POST /api/trade-offers/:id/dispute → 201 `{ id }` */
export const openDisputeRequestSchema = z.strictObject({
  reason: z.enum(DISPUTE_REASONS, { error: `reason must be one of ${DISPUTE_REASONS.join(', ')}` }),
  details: text('details', {
    min: 1,
    max: DISPUTE_LIMITS.maxDetails,
    messages: {
      required: 'Say what went wrong',
      tooShort: 'Say what went wrong',
      tooLong: `details can have at most ${DISPUTE_LIMITS.maxDetails} characters`,
    },
  }),
})
export type OpenDisputeRequest = z.input<typeof openDisputeRequestSchema>

/** POST /api/disputes/:id/messages → 201 the message */
export const disputeMessageRequestSchema = z.strictObject({
  body: text('body', {
    min: 1,
    max: DISPUTE_LIMITS.maxMessage,
    messages: {
      required: 'Write a message',
      tooShort: 'Write a message',
      tooLong: `A message can have at most ${DISPUTE_LIMITS.maxMessage} characters`,
    },
  }),
})
export type DisputeMessageRequest = z.input<typeof disputeMessageRequestSchema>

/** POST /api/admin/disputes/:id/resolve */
export const resolveDisputeRequestSchema = z.strictObject({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: 'outcome must be upheld or rejected' }),
  note: text('note', {
    max: DISPUTE_LIMITS.maxNote,
    messages: { tooLong: `note can have at most ${DISPUTE_LIMITS.maxNote} characters` },
  }).optional(),
  /** Upheld only: also suspend the other trader (the admins' suspension). */
  suspend: z.boolean({ error: 'suspend must be true or false' }).optional(),
})
export type ResolveDisputeRequest = z.input<typeof resolveDisputeRequestSchema>

/** GET /api/admin/disputes?page= */
export const disputesQuerySchema = z.strictObject({ page: intParam('page', 1, 1000, 1) })

const traderSchema = z.object({ username: z.string().nullable() })

export const disputeSummarySchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  adId: z.number().int(),
  reason: z.enum(DISPUTE_REASONS),
  status: z.enum(DISPUTE_STATUSES),
  opener: traderSchema,
  respondent: traderSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /**
   * Whether this reader may decide it (while it is open): a moderator or an admin who is not part of
   * it; one against a moderator or an admin, an admin only (`decisionRefusal`, roles/policy.ts).
   */
  mayDecide: z.boolean(),
  /** Why a moderator reading it may not decide it (null: they may, or the reader decides nothing). */
  decideRefusal: z.string().nullable(),
})
export type DisputeSummary = z.infer<typeof disputeSummarySchema>

/** GET /api/disputes: the signed-in trader's disputes (opened or against them), newest first. */
export const myDisputesResponseSchema = z.object({ disputes: z.array(disputeSummarySchema) })
export type MyDisputesResponse = z.infer<typeof myDisputesResponseSchema>

/** GET /api/admin/disputes: open disputes oldest first, then decided ones newest first. */
export const disputeQueueResponseSchema = z.object({
  disputes: z.array(disputeSummarySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  open: z.number().int(),
})
export type DisputeQueueResponse = z.infer<typeof disputeQueueResponseSchema>

export const disputeMessageSchema = z.object({
  id: z.number().int(),
  /** null: a deleted account. */
  author: z.string().nullable(),
  role: z.enum(DISPUTE_ROLES).nullable(),
  body: z.string(),
  createdAt: z.string(),
})
export type DisputeMessage = z.infer<typeof disputeMessageSchema>

export const disputeEvidenceSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  by: z.string().nullable(),
})
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>

/** GET /api/disputes/:id: for the two traders, the trade's middleman, moderators and admins. */
export const disputeSchema = disputeSummarySchema.extend({
  details: z.string(),
  middleman: traderSchema.nullable(),
  evidence: z.array(disputeEvidenceSchema),
  messages: z.array(disputeMessageSchema),
  resolution: z.object({ note: z.string(), at: z.string() }).nullable(),
  /** The reader's part in it. */
  role: z.enum(DISPUTE_ROLES),
})
export type Dispute = z.infer<typeof disputeSchema>
