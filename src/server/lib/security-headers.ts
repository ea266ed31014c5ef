import type { MiddlewareHandler } from 'hono'
import { addMissingHeaders } from './response-headers'

/**
 * Security headers for every answer of the server. They are set before the handler runs, so they
 * travel in the response's init (setting them afterwards would make the Node adapter rebuild every
 * response). A handler that returns a Response of its own (Better Auth, a redirect, a stream) drops
 * those prepared headers: after the handler, any header still missing is added, so no route, present
 * or future, answers without them. Reading the headers of a response Hono built costs nothing.
 */
export function securityHeaders({ https }: { https: boolean }): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Style attributes set by UI primitives and the toast library; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  const headers: [string, string][] = [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ...(https
      ? ([['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']] as [string, string][])
      : []),
  ]
  return async (c, next) => {
    for (const [name, value] of headers) c.header(name, value)
    await next()
    addMissingHeaders(c, headers)
  }
}
