import type { Db } from '@/platform/server/db/client'
import { auditLog } from '@/platform/server/lib/audit-tables'
import type { AuditAction } from '@/shared/audit'

/** The database or a transaction on it. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export interface AuditEntryInput {
  action: AuditAction
  actor: { id: string; email: string }
  target?: { id: string; email: string } | null
  detail?: Record<string, unknown>
  ip?: string | null
}

/**
 * Appends an entry to the audit log. Call it with the transaction of the action it records: the
 * entry and the action commit together or not at all. Entries are never changed (a trigger refuses).
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntryInput): Promise<void> {
  await tx.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    targetUserId: entry.target?.id ?? null,
    targetEmail: entry.target?.email ?? null,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
  })
}
