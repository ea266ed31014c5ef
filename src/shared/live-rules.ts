/**
 * The live event streams' limits and messages, free of zod (the pages use them). An open stream holds a
 * file descriptor and some memory on the server for as long as the page is open, so nobody may open them
 * without bound; docs/decisions/020-stream-caps.md gives the reasoning.
 */

/**
 * Streams one client address may hold open on a server instance. A trader has a tab or a few (one stream
 * each); a school, an office or a carrier's NAT puts a whole room of traders behind one address, so the
 * cap is generous: a class of 30 with three tabs each still fits. The server's `LIVE_STREAMS_PER_ADDRESS`
 * setting changes it (behind a proxy, TRUST_PROXY must be set or every visitor shares its address).
 */
export const LIVE_STREAMS_PER_ADDRESS = 100

/**
 * Streams one signed-in user may hold open on a server instance, from any addresses: a few tabs on a
 * phone, a laptop and a desktop. Setting: `LIVE_STREAMS_PER_USER`.
 */
export const LIVE_STREAMS_PER_USER = 20

/**
 * Of the server's open-files limit (the soft RLIMIT_NOFILE), the share kept for everything that is not an
 * event stream: the database (PGlite's files, PostgreSQL connections), uploads and mail files, and
 * ordinary requests. A fifth, at least 256 and at most 4096 descriptors; the rest may be streams.
 */
export const LIVE_DESCRIPTOR_HEADROOM = { share: 0.2, min: 256, max: 4096 } as const

/**
 * Seconds a refused stream is told to wait (Retry-After) before trying again. Streams do not end on a
 * clock, so there is no exact time a slot frees: half a minute keeps retries rare while the page polls.
 */
export const LIVE_STREAM_RETRY_AFTER_SECONDS = 30

/**
 * While its stream is refused, a page reads the stock (and the unread count) this often instead: a
 * restock is seen within 15 s, and an unchanged stock costs a 304.
 */
export const LIVE_POLL_SECONDS = 15

/** The event of /api/live that brings a new message of an offer's conversation to both traders' tabs. */
export const TRADE_MESSAGE_EVENT = 'trade-message'

export const LIVE_MESSAGES = {
  tooManyFromAddress:
    'Too many live connections are open from your network. Close a few tabs, or try again in a minute.',
  tooManyForUser:
    'Too many live connections are open on your account. Close a few tabs, or try again in a minute.',
  serverBusy: 'The server has too many live connections open right now. Please try again in a minute.',
} as const
