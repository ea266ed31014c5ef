import { isIPv6 } from 'node:net'
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

/**
 * The network a client address stands for when counting per address: an IPv4 address itself (also
 * written IPv4-mapped, `::ffff:1.2.3.4`), an IPv6 address's /64 — one home or phone is given a whole /64,
 * so one device could otherwise count as millions of addresses.
 */
export function addressGroup(ip: string): string {
  const address = ip.replace(/%.*$/, '') // a zone (`fe80::1%eth0`)
  const mapped = address.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i)?.[1]
  if (mapped) return mapped
  if (!isIPv6(address)) return ip
  const [head = '', tail] = address.split('::')
  const groups = (part: string) => (part ? part.split(':') : [])
  // An IPv4 tail (`::1.2.3.4`) is the last two groups.
  const width = (parts: string[]) => parts.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0)
  const first = groups(head)
  const full =
    tail === undefined
      ? first
      : [...first, ...Array<string>(8 - width(first) - width(groups(tail))).fill('0'), ...groups(tail)]
  const prefix = full.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16))
  return `${prefix.join(':')}::/64`
}
