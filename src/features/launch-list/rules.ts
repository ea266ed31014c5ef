/** Launch-list limits shared by the form and the server (kept free of zod for the browser bundle). */

/** Seconds a subscriber waits between two verification mails (docs/product.md §7). */
export const RESEND_COOLDOWN_SECONDS = 10
export const EMAIL_MAX_LENGTH = 254

/** The states of a launch-list subscriber. */
export const SUBSCRIBER_STATUSES = ['pending', 'verified', 'unsubscribed'] as const
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number]

/** The spec's messages for a verification or unsubscribe link that fails (server and page alike). */
export const VERIFY_FAILED = 'Verification failed. The link may be expired or invalid.'
export const UNSUBSCRIBE_FAILED = 'This unsubscribe link is invalid.'
