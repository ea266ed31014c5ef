/** Site-wide constants (docs/product.md §17), shared by server and browser. */
export const APP_VERSION = '1.0.0'

export const TOAST_DURATION_MS = 4000
export const TOAST_MAX_VISIBLE = 3

export const QUERY_STALE_TIME_MS = 5 * 60_000
export const QUERY_GC_TIME_MS = 30 * 60_000

/** Outboxes (mail, Discord posts, the bot's messages) remove sent and failed rows this many days after they were queued. */
export const OUTBOX_KEEP_DAYS = 30
