import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppDeps, AppEnv } from '@/platform/server/context'
import { loadEnv } from '@/platform/server/env'
import { configuredAuthProviders } from './auth'
import { authRoutes } from './routes'

/** The route alone, mounted as app.ts mounts it, with only the env it reads. */
function appWith(env: Record<string, string>) {
  const deps = { env: loadEnv({ NODE_ENV: 'test', ...env }) } as AppDeps
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', deps)
      await next()
    })
    .route('/', authRoutes)
}

const ALL = {
  DISCORD_CLIENT_ID: 'd-id',
  DISCORD_CLIENT_SECRET: 'd-secret',
  GOOGLE_CLIENT_ID: 'g-id',
  GOOGLE_CLIENT_SECRET: 'g-secret',
  MICROSOFT_CLIENT_ID: 'm-id',
  MICROSOFT_CLIENT_SECRET: 'm-secret',
  OIDC_ISSUER_URL: 'https://sso.example.com/realms/traders',
  OIDC_CLIENT_ID: 'o-id',
  OIDC_CLIENT_SECRET: 'o-secret',
}

describe('GET /api/auth-providers', () => {
  it('offers no provider when none is configured', async () => {
    const res = await appWith({}).request('/api/auth-providers')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ providers: [] })
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('offers every configured provider, the OpenID Connect one under OIDC_NAME', async () => {
    const res = await appWith({ ...ALL, OIDC_NAME: 'Guild Login' }).request('/api/auth-providers')
    expect(await res.json()).toEqual({
      providers: [
        { id: 'discord', name: 'Discord' },
        { id: 'google', name: 'Google' },
        { id: 'microsoft', name: 'Microsoft' },
        { id: 'oidc', name: 'Guild Login' },
      ],
    })
  })

  it('needs both the client id and the secret (and for OpenID Connect the issuer)', () => {
    const ids = (env: Record<string, string>) =>
      configuredAuthProviders(loadEnv({ NODE_ENV: 'test', ...env })).map((p) => p.id)
    expect(ids({ DISCORD_CLIENT_ID: 'd-id' })).toEqual([])
    expect(ids({ GOOGLE_CLIENT_SECRET: 'g-secret' })).toEqual([])
    expect(ids({ MICROSOFT_CLIENT_ID: 'm-id', MICROSOFT_CLIENT_SECRET: '' })).toEqual([])
    expect(ids({ OIDC_CLIENT_ID: 'o-id', OIDC_CLIENT_SECRET: 'o-secret' })).toEqual([])
    expect(ids({ OIDC_ISSUER_URL: 'https://sso.example.com', OIDC_CLIENT_ID: 'o-id' })).toEqual([])
    expect(ids({ GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: 'g-secret' })).toEqual(['google'])
    expect(configuredAuthProviders(loadEnv({ NODE_ENV: 'test', ...ALL })).at(-1)).toEqual({
      id: 'oidc',
      name: 'Single sign-on',
    })
  })
})
