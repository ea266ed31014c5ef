import { lookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/**
 * Addresses a fetch on behalf of the site must never reach: this machine, the private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and documentation ranges,
 * and IPv4 mapped or translated into IPv6 (whatever they map to).
 */
const NOT_PUBLIC = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6')

/** Whether an IP address is one a server-side fetch must not reach (anything but a public address). */
export function isNonPublicAddress(address: string): boolean {
  const version = isIP(address)
  if (version === 0) return true
  // IPv4 mapped into IPv6 (::ffff:a.b.c.d, ::ffff:7f00:1), whatever it maps to. Not a subnet of the list:
  // BlockList checks plain IPv4 addresses against IPv6 rules in their mapped form too.
  if (version === 6 && /^(0{0,4}:){0,5}:?ffff:/i.test(address) && !/^ffff:/i.test(address)) return true
  return NOT_PUBLIC.check(address, version === 4 ? 'ipv4' : 'ipv6')
}

/** A fetch that was refused or failed, with its reason in words an admin reads. */
export class FetchRefused extends Error {}

export interface SafeFetchOptions {
  /** Stop reading past this many bytes (the fetch is then refused). */
  maxBytes: number
  timeoutMs: number
  /** http(s) origins fetched as they are (tests only: the settings refuse them outside NODE_ENV=test). */
  testOrigins?: readonly string[]
  headers?: Record<string, string>
  /** Aborts the fetch (the server stopping). */
  signal?: AbortSignal
  /** Redirects followed, each checked like the first address (default 3). */
  maxRedirects?: number
  /** How a host name resolves (node:dns by default; tests give their own). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>
}

export interface SafeResponse {
  status: number
  contentType: string | null
  /** The body of a 2xx answer (other answers are not read). */
  body: Buffer
  /** The address finally fetched (after redirects). */
  url: string
}

const resolveAll = async (host: string) => lookup(host, { all: true, verbatim: true })

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

/**
 * The address a connection to `url` may use: https only (http only for a test origin); the host is
 * resolved once and refused when any of its addresses is not public, and the connection is then made to
 * the checked address itself (no second lookup a DNS answer could change in between).
 */
async function checkedTarget(
  url: URL,
  options: SafeFetchOptions,
): Promise<{ address: string; family: number } | null> {
  const testOrigin = options.testOrigins?.includes(url.origin) ?? false
  if (url.protocol !== 'https:' && !(testOrigin && url.protocol === 'http:'))
    throw new FetchRefused(`Only https addresses are fetched (${url.protocol.replace(':', '')} refused)`)
  if (url.username || url.password) throw new FetchRefused('An address with a user name is refused')
  if (testOrigin) return null
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: { address: string; family: number }[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await (options.resolve ?? resolveAll)(host)
    } catch (error) {
      throw new FetchRefused(
        `${host} could not be resolved (${(error as { code?: string }).code ?? 'error'})`,
      )
    }
  }
  if (addresses.length === 0) throw new FetchRefused(`${host} could not be resolved`)
  if (addresses.some((a) => isNonPublicAddress(a.address)))
    throw new FetchRefused(`${host} points to a private or local address, which is never fetched`)
  return addresses[0]!
}

/** One GET of `url`, connected to the checked address; the answer's headers, its body still unread. */
function request(
  url: URL,
  target: { address: string; family: number } | null,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const pinned: LookupFunction | undefined = target
    ? (_host, opts, callback) => {
        if ((opts as { all?: boolean }).all)
          (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target])
        else callback(null, target.address, target.family)
      }
    : undefined
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      headers: { 'user-agent': 'TradeHub', ...options.headers },
      lookup: pinned,
      signal,
    })
    req.on('response', resolve)
    req.on('error', reject)
    req.end()
  })
}

/** Reads a body up to `maxBytes`; past it the connection is cut and the fetch refused. */
async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy()
    throw new FetchRefused(`The file is larger than ${mb(maxBytes)} (${mb(declared)})`)
  }
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of res) {
    total += (chunk as Buffer).byteLength
    if (total > maxBytes) {
      res.destroy()
      throw new FetchRefused(`The file is larger than ${mb(maxBytes)}`)
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * GET on behalf of the site from an address that came from outside (a wiki's answer, a setting): https
 * only, never to a private or local address after DNS (the connection goes to the checked address),
 * redirects re-checked the same way, at most `maxBytes` read, within `timeoutMs`. Throws FetchRefused
 * with the reason; a non-2xx answer is returned with an empty body.
 */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new FetchRefused('Not a valid address')
  }
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkedTarget(url, options)
      const res = await request(url, target, options, signal)
      const status = res.statusCode ?? 0
      const location = res.headers.location
      if (status >= 300 && status < 400 && location) {
        res.destroy()
        if (hop >= (options.maxRedirects ?? 3)) throw new FetchRefused('Too many redirects')
        url = new URL(location, url)
        continue
      }
      const contentType = res.headers['content-type'] ?? null
      if (status < 200 || status >= 300) {
        res.destroy()
        return { status, contentType, body: Buffer.alloc(0), url: url.href }
      }
      return { status, contentType, body: await readCapped(res, options.maxBytes), url: url.href }
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error
    if (timeout.aborted) throw new FetchRefused(`No answer within ${Math.round(options.timeoutMs / 1000)} s`)
    if (options.signal?.aborted) throw new FetchRefused('Stopped')
    const code = (error as { code?: string }).code
    throw new FetchRefused(`${url.host} could not be reached (${code ?? (error as Error).message})`)
  }
}
