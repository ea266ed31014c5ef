import { ServerResponse } from 'node:http'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { Context } from 'hono'

/** The Node response under a request served by @hono/node-server; undefined under `app.request`. */
export function nodeResponseOf(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing
  return outgoing instanceof ServerResponse ? outgoing : undefined
}

/**
 * The Node response under a request served by @hono/node-server, for a handler that writes the answer
 * itself (an event stream held open by thousands of pages: no web stream per client). `headers` are the
 * ones middleware set through Hono so far (the security headers are on the Node response already);
 * the handler writes them with its own and returns `sent`, which tells the adapter to write nothing. Undefined outside the Node server
 * (`app.request`, the tests), where the handler answers with a Response as usual.
 */
export function takeNodeResponse(
  c: Context,
): { res: ServerResponse; headers: Record<string, string>; sent: Response } | undefined {
  const outgoing = nodeResponseOf(c)
  if (!outgoing) return undefined
  const headers = Object.fromEntries(c.res.headers)
  // Once `c.res` was read, Hono would copy a returned response into a new one, which the adapter would
  // then try to write: the adapter's own "already sent" answer is set as it is.
  c.res = undefined
  c.res = RESPONSE_ALREADY_SENT
  return { res: outgoing, headers, sent: RESPONSE_ALREADY_SENT }
}
