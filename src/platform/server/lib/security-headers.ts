import type { MiddlewareHandler } from 'hono'
import { nodeResponseOf } from './node-response'
import { addMissingHeaders } from './response-headers'

/**
 * Security headers for every answer of the server. Under the Node server they go on the Node response
 * before the handler runs: the adapter's `writeHead` merges them with the answer's own headers (a
 * header the answer sets itself wins), whatever kind of answer it is — Better Auth's, a redirect, a
 * stream — and no Web `Headers` is filled and read back per request. Elsewhere (`app.request`: the
 * tests, the page renderer) they are set before the handler runs and, after it, any still missing is
 * added (a handler that returns a Response of its own drops the prepared ones).
 */
export function securityHeaders(publicUrl: string): MiddlewareHandler {
  const headers = securityHeaderList(publicUrl)
  return async (c, next) => {
    const outgoing = nodeResponseOf(c)
    if (outgoing) {
      for (const [name, value] of headers) outgoing.setHeader(name, value)
      return next()
    }
    for (const [name, value] of headers) c.header(name, value)
    await next()
    addMissingHeaders(c, headers)
  }
}

/**
 * The security headers of every answer (also written by the shared answers, shared-answers.ts); HSTS
 * when the site's public address is https.
 */
export function securityHeaderList(publicUrl: string): [string, string][] {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Style attributes set by UI primitives and the toast library; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    // Roblox's thumbnail host: the headshots of verified Roblox accounts (docs/decisions/033).
    "img-src 'self' data: blob: https://tr.rbxcdn.com",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ...(new URL(publicUrl).protocol === 'https:'
      ? ([['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']] as [string, string][])
      : []),
  ]
}
