/**
 * What was done with a report (trust's report actions), as the audit log and the moderators' queue
 * (trust's page, through the public entry) read it.
 */
export const RESOLUTION_LABELS = {
  dismiss: 'Dismissed',
  hide: 'Hidden',
  warn: 'Author warned',
  suspend: 'Author suspended',
} as const satisfies Readonly<Record<string, string>>
