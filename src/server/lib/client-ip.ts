import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's address for rate limits: the socket's peer, or with TRUST_PROXY the last
 * X-Forwarded-For hop, the one the proxy appends (set it only behind such a proxy).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The proxy appends the address it saw: the last hop is the one no client can forge.
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown' // in-process requests (tests) have no socket
  }
}
