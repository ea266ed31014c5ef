import { z } from 'zod'
import { AUDIT_ACTIONS } from '@/shared/audit'
import { text } from '@/shared/text'
import { intParam } from '../catalog/contract'
import { SUBSCRIBER_STATUSES } from '../launch-list/rules'
import { roleSchema } from '../roles/contract'
import { MAIL_FILTERS, MAIL_STATUSES, SUSPEND_REASON_MAX } from './rules'

export * from './rules'

// --- Overview -------------------------------------------------------------------------------------

/**
 * Something that went wrong and needs an admin (a failed import): "{title} {at, as 2 hours ago}: {detail}
 * {link}", in the site's danger colour. Features above bring them (the overviewNotices hook).
 */
export const adminNoticeSchema = z.object({
  /** Unique among the notices. */
  id: z.string(),
  /** "The Pet Simulator 99 price import failed" */
  title: z.string(),
  /** When it happened. */
  at: z.iso.datetime(),
  /** Why, in the words of what failed. */
  detail: z.string(),
  /** Where it is looked into, and the link's words. */
  href: z.string(),
  link: z.string(),
})
export type AdminNotice = z.infer<typeof adminNoticeSchema>

/** GET /api/admin/overview: what needs an admin now, then the counts that matter today. */
export const adminOverviewSchema = z.object({
  notices: z.array(adminNoticeSchema),
  users: z.object({ total: z.number(), newLast7Days: z.number(), suspended: z.number() }),
  ogMembers: z.number(),
  launchList: z.record(z.enum(SUBSCRIBER_STATUSES), z.number()),
  mail: z.object({ queued: z.number(), failed: z.number(), stuck: z.number() }),
  /** Stock reports made today; null until stock exists. */
  stockReportsToday: z.number().nullable(),
})
export type AdminOverview = z.infer<typeof adminOverviewSchema>

// --- Users ----------------------------------------------------------------------------------------

export const userSearchQuerySchema = z.strictObject({
  q: text('q', { max: 200 }).optional().default(''),
  page: intParam('page', 1, 10_000, 1),
})

export const adminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
  suspended: z.boolean(),
})
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>

export const userSearchResponseSchema = z.object({
  users: z.array(adminUserSummarySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
})
export type UserSearchResponse = z.infer<typeof userSearchResponseSchema>

export const userIdParamSchema = z.strictObject({ userId: text('userId', { min: 1, max: 100 }) })

export const adminUserDetailSchema = adminUserSummarySchema.extend({
  emailVerified: z.boolean(),
  roles: z.array(roleSchema),
  primaryAdmin: z.boolean(),
  ogMember: z.boolean(),
  /** password, magic-link, and each linked provider (discord, google…). */
  signInMethods: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
  lastActiveAt: z.string().nullable(),
  activeSessions: z.number(),
  suspension: z.object({ at: z.string(), reason: z.string(), by: z.string().nullable() }).nullable(),
})
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>

export const suspendRequestSchema = z.strictObject({
  reason: text('reason', {
    min: 1,
    max: SUSPEND_REASON_MAX,
    messages: {
      required: 'Give a reason',
      tooShort: 'Give a reason',
      tooLong: `The reason must be ${SUSPEND_REASON_MAX} characters or less`,
    },
  }),
})

export const signOutResponseSchema = z.object({ sessionsEnded: z.number() })

// --- Mail queue -----------------------------------------------------------------------------------

export const mailQuerySchema = z.strictObject({
  status: z.enum(MAIL_FILTERS, `status must be one of ${MAIL_FILTERS.join(', ')}`).optional(),
  page: intParam('page', 1, 100_000, 1),
})

export const mailIdParamSchema = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'No mail with this id')
    .transform(Number),
})

/** A queued mail as the admin sees it: never its body (account mails hold sign-in links). */
export const adminMailSchema = z.object({
  id: z.number(),
  toEmail: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  stuck: z.boolean(),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
})
export type AdminMail = z.infer<typeof adminMailSchema>

export const mailListResponseSchema = z.object({
  counts: z.record(z.enum(MAIL_FILTERS), z.number()),
  mails: z.array(adminMailSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
})
export type MailListResponse = z.infer<typeof mailListResponseSchema>

// --- Audit log ------------------------------------------------------------------------------------

export const auditQuerySchema = z.strictObject({
  action: z.enum(AUDIT_ACTIONS, `action must be one of ${AUDIT_ACTIONS.join(', ')}`).optional(),
  page: intParam('page', 1, 100_000, 1),
})

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actorEmail: z.string().nullable(),
  targetEmail: z.string().nullable(),
  targetUserId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditListResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
})
export type AuditListResponse = z.infer<typeof auditListResponseSchema>
