import { Hono } from 'hono'
import type { AppEnv } from '@/server/app'
import type { Env } from '@/server/env'
import { OIDC_PROVIDER_ID } from './auth'

export interface AuthProvider {
  /** Better Auth's provider id: `provider` of POST /api/auth/sign-in/social and /api/auth/link-social. */
  id: string
  name: string
}

/** The OAuth providers whose client id and secret (and for OpenID Connect, the issuer) are configured. */
export function configuredAuthProviders(env: Env): AuthProvider[] {
  const providers: AuthProvider[] = []
  if (env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET) providers.push({ id: 'discord', name: 'Discord' })
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) providers.push({ id: 'google', name: 'Google' })
  if (env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET) {
    providers.push({ id: 'microsoft', name: 'Microsoft' })
  }
  if (env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    providers.push({ id: OIDC_PROVIDER_ID, name: env.OIDC_NAME })
  }
  return providers
}

/** GET: the sign-in buttons to offer, `{ providers: [{ id, name }] }`. Mounted at /api/auth-providers. */
export const authProvidersRoutes = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'public, max-age=300')
  return c.json({ providers: configuredAuthProviders(c.var.deps.env) })
})
