import type { AuditAction } from '@/shared/audit'
/** The admin area's constants and messages, free of zod (the pages use them). */

export const ADMIN_PAGE_SIZE = 25

/** What the audit log records: every admin and role action. */

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'role.grant': 'Role granted',
  'role.revoke': 'Role removed',
  'user.suspend': 'Account suspended',
  'user.restore': 'Account restored',
  'user.sign-out': 'Signed out everywhere',
  'mail.retry': 'Mail retried',
  'stock.correct': 'Stock corrected',
  'stock.item-add': 'Item added from stock',
  'stock.shop-update': 'Shop clock changed',
  'stock.token-create': 'Ingest token created',
  'stock.token-revoke': 'Ingest token revoked',
  'contact.status': 'Contact message marked',
  'report.resolve': 'Report resolved',
  'guide.create': 'Guide written',
  'guide.update': 'Guide changed',
  'dispute.resolve': 'Dispute decided',
  'middleman.claim': 'Middleman request taken',
  'middleman.close': 'Middleman job closed',
  'item-images.import': 'Item pictures imported',
}

export const ADMIN_MESSAGES = {
  userNotFound: 'No user with this id',
  primaryNotSuspendable: 'The primary admin cannot be suspended',
  primaryNotSignedOut: 'Only the primary admin can sign the primary admin out',
  notSelf: 'You cannot suspend your own account',
  alreadySuspended: 'This account is already suspended',
  notSuspended: 'This account is not suspended',
  mailNotFound: 'No mail with this id',
  mailNotFailed: 'Only a failed mail can be retried',
  /** Told to a suspended user who tries to sign in (with the reason after it). */
  suspended: 'This account is suspended.',
} as const

/** The message a suspended user gets on sign-in: why, in the admin's words. */
export const suspendedMessage = (reason: string) => `${ADMIN_MESSAGES.suspended} Reason: ${reason}`

export const SUSPEND_REASON_MAX = 300

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const
/** `stuck`: sending, but its worker's claim has run out. */
export const MAIL_FILTERS = [...MAIL_STATUSES, 'stuck'] as const
/** Sent and failed rows of every outbox (mail, Discord posts) are removed this long after they were queued. */
