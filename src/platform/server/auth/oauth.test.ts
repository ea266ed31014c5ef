import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { users } from '@/platform/server/auth/tables'
import {
  cookiesOf,
  createUserWithTotp,
  createVerifiedUser,
  currentUser,
  STRONG_PASSWORD,
  send,
} from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { type OidcIdentity, startOidcProvider, throughProvider } from '@/test/oidc-provider'
import { totpCode } from '@/test/totp'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

async function providersOf(t: TestApp, cookie: string) {
  const res = await send(t, '/api/auth/list-accounts', { cookie })
  expect(res.status).toBe(200)
  const accounts = (await res.json()) as { id: string; providerId: string; accountId: string }[]
  return accounts.sort((a, b) => a.providerId.localeCompare(b.providerId))
}

/** Where a redirect goes, relative to our origin. */
function target(res: Response) {
  const location = res.headers.get('location')
  if (!location) throw new Error(`no redirect: ${res.status}`)
  const url = new URL(location, TEST_ORIGIN)
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) }
}

describe('OpenID Connect provider, end to end against a real local provider', () => {
  let t: TestApp
  let idp: Awaited<ReturnType<typeof startOidcProvider>>
  beforeAll(async () => {
    idp = await startOidcProvider()
    t = await createTestApp({
      catalog: false,
      env: { OIDC_ISSUER_URL: idp.issuerUrl, OIDC_CLIENT_ID: 'tradehub', OIDC_CLIENT_SECRET: 'oidc-secret' },
    })
  })
  afterAll(async () => {
    await t.close()
    await idp.stop()
  })

  const signIn = (identity: OidcIdentity, callbackURL = '/profile') => {
    idp.signInAs(identity)
    return throughProvider(t, '/api/auth/sign-in/social', { provider: 'oidc', callbackURL })
  }

  it('is offered to the sign-in page under OIDC_NAME', async () => {
    const res = await send(t, '/api/auth-providers')
    expect(await res.json()).toEqual({ providers: [{ id: 'oidc', name: 'Single sign-on' }] })
  })

  it('asks the provider for a code with PKCE, a nonce and the openid scopes', async () => {
    const res = await send(t, '/api/auth/sign-in/social', { body: { provider: 'oidc', callbackURL: '/' } })
    expect(res.status).toBe(200)
    const url = new URL((await res.json()).url)
    expect(url.origin).toBe(idp.issuerUrl)
    expect(url.pathname).toBe('/authorize')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'tradehub',
      scope: 'openid email profile',
      redirect_uri: `${TEST_ORIGIN}/api/auth/callback/oidc`,
      code_challenge_method: 'S256',
    })
    expect(url.searchParams.get('state')).toBeTruthy()
    expect(url.searchParams.get('nonce')).toBeTruthy()
    expect(res.headers.getSetCookie().join()).toMatch(/state=.*HttpOnly/i)
  })

  it('refuses to send the browser to another site afterwards', async () => {
    for (const body of [
      { provider: 'oidc', callbackURL: 'https://evil.example/' },
      { provider: 'oidc', callbackURL: '/', errorCallbackURL: 'https://evil.example/' },
    ]) {
      const res = await send(t, '/api/auth/sign-in/social', { body })
      expect(res.status).toBe(403)
    }
  })

  it('signs a new user in and returns to the page they came from', async () => {
    const res = await signIn({ sub: 'idp-new', email: 'New.Person@Example.com', email_verified: true })
    expect(res.status).toBe(302)
    expect(target(res).path).toBe('/profile')
    const cookie = cookiesOf(res)
    expect(cookie).toContain('session_token')
    expect(res.headers.getSetCookie().join()).toMatch(/session_token=.*HttpOnly/i)

    const user = await currentUser(t, cookie)
    expect(user).toMatchObject({ email: 'new.person@example.com', emailVerified: true })
    expect(await providersOf(t, cookie)).toMatchObject([{ providerId: 'oidc', accountId: 'idp-new' }])

    // Signing in again finds the same user through the same provider account.
    const again = await signIn({ sub: 'idp-new', email: 'new.person@example.com', email_verified: true }, '/')
    expect(target(again).path).toBe('/')
    expect((await currentUser(t, cookiesOf(again)))?.id).toBe(user?.id)
  })

  it('refuses a callback without the state cookie of the browser that started it', async () => {
    idp.signInAs({ sub: 'idp-csrf', email: 'csrf@example.com', email_verified: true })
    const start = await send(t, '/api/auth/sign-in/social', { body: { provider: 'oidc', callbackURL: '/' } })
    const authorize = await fetch((await start.json()).url, { redirect: 'manual' })
    const back = new URL(authorize.headers.get('location')!)
    const res = await send(t, back.pathname + back.search) // another browser: no state cookie
    expect(res.status).toBe(302)
    expect(target(res)).toEqual({ path: '/sign-in', params: { error: 'state_mismatch' } })
    expect(cookiesOf(res)).not.toContain('session_token')
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'csrf@example.com'))
    expect(row).toBeUndefined()
  })

  it('joins an existing password account of the same e-mail when the provider vouches for it', async () => {
    const email = 'both@example.com'
    const { cookie: passwordCookie } = await createVerifiedUser(t, email)
    const passwordUser = await currentUser(t, passwordCookie)

    const res = await signIn({ sub: 'idp-both', email, email_verified: true })
    expect(target(res).path).toBe('/profile')
    const cookie = cookiesOf(res)
    expect((await currentUser(t, cookie))?.id).toBe(passwordUser?.id)
    expect((await providersOf(t, cookie)).map((a) => a.providerId)).toEqual(['credential', 'oidc'])

    // The password still works too.
    const password = await send(t, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } })
    expect(password.status).toBe(200)
  })

  it('still asks for the second factor of an account with two-factor on', async () => {
    const email = 'guarded@example.com'
    const { totpURI } = await createUserWithTotp(t, email)

    const res = await signIn({ sub: 'idp-guarded', email, email_verified: true })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/sign-in?view=two-factor&redirect=%2Fprofile')
    expect(res.headers.getSetCookie().filter((c) => /session_token=[^;]/.test(c))).toEqual([])
    const challenge = cookiesOf(res)
    expect(await currentUser(t, challenge)).toBeNull()

    const done = await send(t, '/api/auth/two-factor/verify-totp', {
      body: { code: totpCode(totpURI) },
      cookie: challenge,
    })
    expect(done.status).toBe(200)
    expect(await currentUser(t, cookiesOf(done))).toMatchObject({ email, twoFactorEnabled: true })
  })

  it('does not join an existing account when the provider does not vouch for the e-mail', async () => {
    const email = 'victim@example.com'
    const { cookie: victimCookie } = await createVerifiedUser(t, email)
    const res = await signIn({ sub: 'idp-attacker', email, email_verified: false })
    expect(res.status).toBe(302)
    expect(target(res)).toEqual({ path: '/sign-in', params: { error: 'account_not_linked' } })
    expect(cookiesOf(res)).not.toContain('session_token')
    expect((await providersOf(t, victimCookie)).map((a) => a.providerId)).toEqual(['credential'])
  })

  it('links the provider to the signed-in account on request (POST /api/auth/link-social)', async () => {
    const email = 'linker@example.com'
    const { cookie } = await createVerifiedUser(t, email)
    const userId = (await currentUser(t, cookie))?.id

    idp.signInAs({ sub: 'idp-linker', email, email_verified: true })
    const res = await throughProvider(
      t,
      '/api/auth/link-social',
      {
        provider: 'oidc',
        callbackURL: '/profile?tab=connections',
        errorCallbackURL: '/profile?tab=connections',
      },
      cookie,
    )
    expect(res.status).toBe(302)
    expect(target(res)).toEqual({ path: '/profile', params: { tab: 'connections' } })
    expect((await providersOf(t, cookie)).map((a) => a.providerId)).toEqual(['credential', 'oidc'])

    // The linked provider now signs into the same account.
    const viaProvider = await signIn({ sub: 'idp-linker', email, email_verified: true })
    expect((await currentUser(t, cookiesOf(viaProvider)))?.id).toBe(userId)
  })

  it('refuses to link a provider account with another e-mail, or one that belongs to someone else', async () => {
    const { cookie } = await createVerifiedUser(t, 'careful@example.com')
    const link = (identity: OidcIdentity) => {
      idp.signInAs(identity)
      return throughProvider(
        t,
        '/api/auth/link-social',
        {
          provider: 'oidc',
          callbackURL: '/profile?tab=connections',
          errorCallbackURL: '/profile?tab=connections',
        },
        cookie,
      )
    }

    const otherEmail = await link({
      sub: 'idp-careful',
      email: 'elsewhere@example.com',
      email_verified: true,
    })
    expect(target(otherEmail)).toEqual({
      path: '/profile',
      params: { tab: 'connections', error: 'email_does_not_match' },
    })

    // A provider account another trader signed up with.
    expect(
      (await signIn({ sub: 'idp-someone', email: 'someone@example.com', email_verified: true })).status,
    ).toBe(302)
    const taken = await link({ sub: 'idp-someone', email: 'careful@example.com', email_verified: true })
    expect(target(taken).params.error).toBe('account_already_linked_to_different_user')
    expect((await providersOf(t, cookie)).map((a) => a.providerId)).toEqual(['credential'])
  })

  it('links only for a signed-in user', async () => {
    const res = await send(t, '/api/auth/link-social', { body: { provider: 'oidc', callbackURL: '/' } })
    expect(res.status).toBe(401)
  })

  it('unlinks a provider, but never the last way to sign in', async () => {
    const email = 'unlinker@example.com'
    await createVerifiedUser(t, email)
    const res = await signIn({ sub: 'idp-unlinker', email, email_verified: true })
    const cookie = cookiesOf(res)
    const [credential, oidc] = await providersOf(t, cookie)

    const unlink = (accountId: string) => send(t, '/api/auth/unlink-account', { body: { accountId }, cookie })

    expect((await unlink(oidc!.id)).status).toBe(200)
    expect((await providersOf(t, cookie)).map((a) => a.providerId)).toEqual(['credential'])

    const last = await unlink(credential!.id)
    expect(last.status).toBe(400)
    expect(await last.json()).toMatchObject({ code: 'FAILED_TO_UNLINK_LAST_ACCOUNT' })
    expect((await providersOf(t, cookie)).map((a) => a.providerId)).toEqual(['credential'])
  })

  it('refuses to unlink the only provider of an account without a password', async () => {
    const res = await signIn({ sub: 'idp-only', email: 'only-sso@example.com', email_verified: true })
    const cookie = cookiesOf(res)
    const [only] = await providersOf(t, cookie)
    const unlink = await send(t, '/api/auth/unlink-account', { body: { accountId: only!.id }, cookie })
    expect(unlink.status).toBe(400)
    expect(await unlink.json()).toMatchObject({ code: 'FAILED_TO_UNLINK_LAST_ACCOUNT' })
    expect(await providersOf(t, cookie)).toHaveLength(1)
  })

  it('refuses to unlink an account of another user, and a visitor', async () => {
    const { cookie: mine } = await createVerifiedUser(t, 'mine@example.com')
    const res = await signIn({ sub: 'idp-theirs', email: 'theirs@example.com', email_verified: true })
    const [theirs] = await providersOf(t, cookiesOf(res))

    const other = await send(t, '/api/auth/unlink-account', { body: { accountId: theirs!.id }, cookie: mine })
    expect(other.status).toBe(400)
    const visitor = await send(t, '/api/auth/unlink-account', { body: { accountId: theirs!.id } })
    expect(visitor.status).toBe(401)
    expect(await providersOf(t, cookiesOf(res))).toHaveLength(1)
  })
})

describe('Discord, with its token and user endpoints stubbed', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      catalog: false,
      env: { DISCORD_CLIENT_ID: 'discord-client', DISCORD_CLIENT_SECRET: 'discord-secret' },
    })
  })
  afterAll(() => t.close())

  interface DiscordUser {
    id: string
    username: string
    global_name: string | null
    avatar: string | null
    discriminator: string
    email: string
    verified: boolean
  }

  /** Answers Discord's token and @me endpoints; every other URL goes to the real fetch. */
  function stubDiscord(profile: DiscordUser) {
    const realFetch = globalThis.fetch
    const calls: { url: string; body: string; authorization: string | null }[] = []
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init)
      const url = new URL(request.url)
      if (url.hostname !== 'discord.com') return realFetch(input, init)
      const href = decodeURIComponent(url.href) // URL writes @me as %40me
      calls.push({
        url: href,
        body: await request.text(),
        authorization: request.headers.get('authorization'),
      })
      if (request.method === 'POST' && href === 'https://discord.com/api/oauth2/token') {
        return Response.json({
          access_token: 'discord-access-token',
          token_type: 'Bearer',
          expires_in: 604800,
          refresh_token: 'discord-refresh-token',
          scope: 'identify email guilds',
        })
      }
      if (request.method === 'GET' && href === 'https://discord.com/api/users/@me') {
        return request.headers.get('authorization') === 'Bearer discord-access-token'
          ? Response.json(profile)
          : Response.json({ message: '401: Unauthorized' }, { status: 401 })
      }
      return Response.json({ message: 'Not stubbed' }, { status: 404 })
    })
    return { calls, restore: () => spy.mockRestore() }
  }

  async function startDiscord(callbackURL = '/') {
    const res = await send(t, '/api/auth/sign-in/social', { body: { provider: 'discord', callbackURL } })
    expect(res.status).toBe(200)
    return { url: new URL((await res.json()).url), cookie: cookiesOf(res) }
  }

  it('asks Discord for the scopes identify, email and guilds', async () => {
    const { url } = await startDiscord()
    expect(url.origin + url.pathname).toBe('https://discord.com/api/oauth2/authorize')
    expect(url.searchParams.get('scope')).toBe('identify email guilds')
    expect(url.searchParams.get('client_id')).toBe('discord-client')
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/discord`)
    expect(url.searchParams.get('state')).toBeTruthy()
  })

  it('signs the Discord user in from the callback', async () => {
    const { url, cookie } = await startDiscord('/values')
    const discord = stubDiscord({
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      avatar: null,
      discriminator: '0',
      email: 'nelly@example.com',
      verified: true,
    })
    try {
      const state = url.searchParams.get('state')!
      const res = await send(t, `/api/auth/callback/discord?code=discord-code&state=${state}`, { cookie })
      expect(res.status).toBe(302)
      expect(target(res).path).toBe('/values')
      const session = cookiesOf(res)
      expect(session).toContain('session_token')
      expect(await currentUser(t, session)).toMatchObject({ email: 'nelly@example.com', emailVerified: true })
      expect(await providersOf(t, session)).toMatchObject([
        { providerId: 'discord', accountId: '80351110224678912' },
      ])

      const token = discord.calls.find((call) => call.url === 'https://discord.com/api/oauth2/token')
      const form = new URLSearchParams(token?.body)
      expect(form.get('grant_type')).toBe('authorization_code')
      expect(form.get('code')).toBe('discord-code')
      expect(form.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/discord`)
      const basic = token?.authorization?.startsWith('Basic ')
        ? Buffer.from(token.authorization.slice(6), 'base64').toString()
        : `${form.get('client_id')}:${form.get('client_secret')}`
      expect(basic).toBe('discord-client:discord-secret')
      expect(discord.calls.map((call) => call.url)).toContain('https://discord.com/api/users/@me')
    } finally {
      discord.restore()
    }
    expect(globalThis.fetch).not.toHaveProperty('mock')
  })

  it('does not join an existing account when Discord has not verified the e-mail', async () => {
    const email = 'unverified-on-discord@example.com'
    const { cookie: existing } = await createVerifiedUser(t, email)
    const { url, cookie } = await startDiscord()
    const discord = stubDiscord({
      id: '1111',
      username: 'mallory',
      global_name: null,
      avatar: null,
      discriminator: '0',
      email,
      verified: false,
    })
    try {
      const res = await send(t, `/api/auth/callback/discord?code=c&state=${url.searchParams.get('state')}`, {
        cookie,
      })
      expect(target(res)).toEqual({ path: '/sign-in', params: { error: 'account_not_linked' } })
      expect(cookiesOf(res)).not.toContain('session_token')
    } finally {
      discord.restore()
    }
    expect((await providersOf(t, existing)).map((a) => a.providerId)).toEqual(['credential'])
  })

  it('offers exactly the configured providers, and refuses the others', async () => {
    const offered = await send(t, '/api/auth-providers')
    expect(await offered.json()).toEqual({ providers: [{ id: 'discord', name: 'Discord' }] })
    for (const provider of ['google', 'microsoft', 'oidc']) {
      const res = await send(t, '/api/auth/sign-in/social', { body: { provider, callbackURL: '/' } })
      expect(res.status, provider).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'PROVIDER_NOT_FOUND' })
    }
  })
})
