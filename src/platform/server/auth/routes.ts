import { Hono } from 'hono'
import type { AuthProvidersResponse } from '@/features/accounts/contract'
import type { AppEnv } from '@/platform/server/context'
import { clientIp } from '@/platform/server/lib/client-ip'
import { CLIENT_IP_HEADER, configuredAuthProviders } from './auth'

/**
 * Better Auth at /api/auth/* (sign-up, sign-in by password, magic link or provider, verification, reset,
 * two-factor, sessions), and /api/auth-providers: the sign-in buttons to offer.
 */
export const authRoutes = new Hono<AppEnv>()
  .on(['GET', 'POST'], '/api/auth/*', (c) => {
    const { auth, env } = c.var.deps
    const headers = new Headers(c.req.raw.headers)
    headers.delete(CLIENT_IP_HEADER) // only the server says where a request comes from
    const ip = clientIp(c, env.TRUST_PROXY)
    if (ip !== 'unknown') headers.set(CLIENT_IP_HEADER, ip)
    const hasBody = c.req.method !== 'GET'
    return auth.handler(
      new Request(c.req.raw.url, {
        method: c.req.method,
        headers,
        body: hasBody ? c.req.raw.body : null,
        ...(hasBody && { duplex: 'half' }),
      } as RequestInit),
    )
  })
  .get('/api/auth-providers', (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    return c.json<AuthProvidersResponse>({ providers: configuredAuthProviders(c.var.deps.env) })
  })
