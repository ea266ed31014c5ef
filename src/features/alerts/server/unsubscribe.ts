import { timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { AlertUnsubscribeKind } from '@/features/alerts/contract'
import { alertSettings } from '@/features/alerts/tables'
import type { Db } from '@/platform/server/db/client'
import { deriveToken } from '@/platform/server/lib/tokens'

/**
 * The token of a user's unsubscribe link for one kind of alert mail: the user id and an HMAC of it and
 * the kind under the server secret. It stays the same in every mail and stores nothing.
 */
export function alertUnsubscribeToken(secret: string, userId: string, kind: AlertUnsubscribeKind): string {
  return `${userId}.${deriveToken(secret, 'alert-unsubscribe', `${userId}:${kind}`).token}`
}

/** The one-click address (RFC 8058 POST; a GET shows a page with the button). */
export function alertUnsubscribeUrl(
  publicUrl: string,
  secret: string,
  userId: string,
  kind: AlertUnsubscribeKind,
): string {
  const token = alertUnsubscribeToken(secret, userId, kind)
  return `${publicUrl}/api/alert-unsubscribe?kind=${kind}&token=${encodeURIComponent(token)}`
}

/** The user a token was made for, or null when it is not one of ours for this kind. */
export function userOfUnsubscribeToken(
  secret: string,
  kind: AlertUnsubscribeKind,
  token: string,
): string | null {
  const dot = token.lastIndexOf('.')
  if (dot <= 0) return null
  const userId = token.slice(0, dot)
  const expected = Buffer.from(alertUnsubscribeToken(secret, userId, kind))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null
}

const OFF = {
  restock: { emailRestock: false },
  value: { emailValue: false },
  trades: { emailTrades: false },
  all: { emailRestock: false, emailValue: false, emailTrades: false },
} as const satisfies Record<AlertUnsubscribeKind, Partial<typeof alertSettings.$inferInsert>>

/** Switches that kind of alert mail off for the user (every kind for 'all'); repeating it is harmless. */
export async function switchAlertMailOff(db: Db, userId: string, kind: AlertUnsubscribeKind): Promise<void> {
  const off = OFF[kind]
  await db
    .update(alertSettings)
    .set({ ...off, updatedAt: sql`now()` })
    .where(eq(alertSettings.userId, userId))
}
