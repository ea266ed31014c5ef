/** Every action the audit log records: staff's and the site's own, one word each (the admin area names them). */
export const AUDIT_ACTIONS = [
  'role.grant',
  'role.revoke',
  'user.suspend',
  'user.restore',
  'user.sign-out',
  'mail.retry',
  'stock.correct',
  'stock.item-add',
  'stock.shop-update',
  'stock.token-create',
  'stock.token-revoke',
  'contact.status',
  'report.resolve',
  'guide.create',
  'guide.update',
  'dispute.resolve',
  'middleman.claim',
  'middleman.close',
  'item-images.import',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
