/** The official middlemen's rules, free of zod (issue 27, docs/decisions/036-middlemen.md). */

/**
 * A middleman request of an accepted offer: `open` in the queue, `claimed` by one middleman (first claim
 * wins), then closed by them as `done` or `failed`, or `cancelled` by a trader before a claim. One request
 * open (`open` or `claimed`) per offer.
 */
export const MIDDLEMAN_REQUEST_STATUSES = ['open', 'claimed', 'done', 'failed', 'cancelled'] as const
export type MiddlemanRequestStatus = (typeof MIDDLEMAN_REQUEST_STATUSES)[number]
