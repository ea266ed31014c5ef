/**
 * docs/product.md §8: the feed's first toast after 3 s, then every 15 s, each shown 4–8 s. A file of
 * its own (rules.ts re-exports it): the shell reads when the feed starts without the alerts' rules.
 */
export const FEED_TIMING = {
  firstMs: 3_000,
  everyMs: 15_000,
  minDurationMs: 4_000,
  maxDurationMs: 8_000,
  /** A tab asks for candidates at most once a minute. */
  refreshMs: 60_000,
} as const
