import { Events, OAuth2Server } from 'oauth2-mock-server'
import { cookiesOf, send } from './accounts'
import type { createTestApp } from './app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** The claims of whoever signs in: an e-mail for most providers; Roblox's users have none. */
export interface OidcIdentity {
  sub: string
  email?: string
  email_verified?: boolean
  name?: string
  /** Roblox's claims (scope profile): the username, the display name, the headshot. */
  preferred_username?: string
  nickname?: string
  picture?: string | null
}

/**
 * A real OpenID Connect provider on 127.0.0.1 (oauth2-mock-server): discovery, JWKS, /authorize that
 * answers at once with a code, /token with RS256-signed ID tokens, /userinfo. `signInAs` chooses who
 * the next sign-ins are.
 */
export async function startOidcProvider() {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  server.issuer.url = `http://127.0.0.1:${server.address().port}`
  let identity: OidcIdentity = { sub: 'nobody', email: 'nobody@example.com', email_verified: true }
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, identity)
  })
  server.service.on(Events.BeforeUserinfo, (userinfo) => {
    userinfo.body = { ...identity }
  })
  return {
    issuerUrl: server.issuer.url,
    signInAs(next: OidcIdentity) {
      identity = next
    },
    stop: () => server.stop(),
  }
}

/**
 * Starts an OAuth flow on our API (`path`: /api/auth/sign-in/social or /api/auth/link-social), lets the
 * browser visit the provider for real (it answers with a redirect carrying code and state) and brings
 * that redirect back to our callback with the cookies the first step set. Returns our callback's answer.
 */
export async function throughProvider(t: TestApp, path: string, body: unknown, cookie?: string) {
  const start = await send(t, path, { body, cookie })
  if (!start.ok) throw new Error(`${path}: ${start.status} ${await start.text()}`)
  const { url } = (await start.json()) as { url: string }
  const authorize = await fetch(url, { redirect: 'manual' })
  const location = authorize.headers.get('location')
  if (authorize.status !== 302 || !location) throw new Error(`provider answered ${authorize.status}`)
  const back = new URL(location)
  const cookies = [cookie, cookiesOf(start)].filter(Boolean).join('; ')
  return send(t, back.pathname + back.search, { cookie: cookies })
}
