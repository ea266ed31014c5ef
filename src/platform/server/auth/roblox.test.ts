import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usernamesFromRoblox } from '@/features/accounts/server/service'
import { robloxAccounts, robloxVerifications } from '@/features/verification/tables'
import { users } from '@/platform/server/auth/tables'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { NO_EMAIL_DOMAIN } from '@/shared/no-email'
import { cookiesOf, createVerifiedUser, currentUser, meOf, send } from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { type OidcIdentity, startOidcProvider, throughProvider } from '@/test/oidc-provider'
import { robloxIdentityOf } from './roblox'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Where a redirect goes, relative to our origin. */
function target(res: Response) {
  const location = res.headers.get('location')
  if (!location) throw new Error(`no redirect: ${res.status}`)
  const url = new URL(location, TEST_ORIGIN)
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) }
}

let robloxIds = 4_100_000_000 + (process.pid % 1000) * 1000
let names = 0

/** A Roblox user as Roblox's userinfo and ID token describe one: no e-mail. */
function robloxUser(username = `Kitsune${process.pid % 1000}x${++names}`, displayName = 'Fox Trader') {
  const id = ++robloxIds
  return {
    sub: String(id),
    preferred_username: username,
    name: displayName,
    nickname: displayName,
    picture: `https://tr.rbxcdn.com/30DAY-AvatarHeadshot-${id}-Png/150/150/AvatarHeadshot/Png/noFilter`,
  } satisfies OidcIdentity
}

async function providersOf(t: TestApp, cookie: string) {
  const res = await send(t, '/api/auth/list-accounts', { cookie })
  expect(res.status).toBe(200)
  const accounts = (await res.json()) as { providerId: string; accountId: string }[]
  return accounts.map((a) => `${a.providerId}:${a.accountId}`).sort()
}

describe('Sign in with Roblox, end to end against a local OpenID stand-in', () => {
  let t: TestApp
  let roblox: Awaited<ReturnType<typeof startOidcProvider>>
  beforeAll(async () => {
    roblox = await startOidcProvider()
    t = await createTestApp({
      catalog: false,
      env: {
        ROBLOX_CLIENT_ID: 'tradehub-roblox',
        ROBLOX_CLIENT_SECRET: 'roblox-secret',
        // Written without the trailing slash Roblox's issuer has: the discovery address is the same.
        ROBLOX_OAUTH_ISSUER: roblox.issuerUrl,
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await roblox.stop()
  })

  const signIn = (identity: OidcIdentity, callbackURL = '/profile') => {
    roblox.signInAs(identity)
    return throughProvider(t, '/api/auth/sign-in/social', {
      provider: 'roblox',
      callbackURL,
      errorCallbackURL: '/sign-in',
    })
  }
  const link = (identity: OidcIdentity, cookie: string) => {
    roblox.signInAs(identity)
    return throughProvider(
      t,
      '/api/auth/link-social',
      {
        provider: 'roblox',
        callbackURL: '/profile?tab=connections',
        errorCallbackURL: '/profile?tab=connections',
      },
      cookie,
    )
  }

  it('is offered to the sign-in page as Roblox', async () => {
    const res = await send(t, '/api/auth-providers')
    expect(await res.json()).toEqual({ providers: [{ id: 'roblox', name: 'Roblox' }] })
  })

  it("asks Roblox's authorize endpoint (from discovery) for a code with PKCE, a nonce and openid profile", async () => {
    const res = await send(t, '/api/auth/sign-in/social', { body: { provider: 'roblox', callbackURL: '/' } })
    expect(res.status).toBe(200)
    const url = new URL((await res.json()).url)
    expect(url.origin).toBe(roblox.issuerUrl)
    expect(url.pathname).toBe('/authorize')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'tradehub-roblox',
      scope: 'openid profile',
      redirect_uri: `${TEST_ORIGIN}/api/auth/callback/roblox`,
      code_challenge_method: 'S256',
    })
    expect(url.searchParams.get('code_challenge')).toBeTruthy()
    expect(url.searchParams.get('nonce')).toBeTruthy()
    expect(url.searchParams.get('state')).toBeTruthy()
  })

  it('makes a new account without an e-mail, named after the Roblox username, its Roblox account verified', async () => {
    const who = robloxUser(undefined, 'Kitsune King')
    const res = await signIn(who)
    expect(res.status).toBe(302)
    expect(target(res).path).toBe('/profile')
    const cookie = cookiesOf(res)
    expect(cookie).toContain('session_token')

    const me = await meOf(t, cookie)
    expect(me.email).toBeNull()
    expect(me.profile.username).toBe(who.preferred_username.toLowerCase())
    expect(me.profile.displayName).toBe(who.preferred_username.toLowerCase())
    expect(me.profile.roblox).toMatchObject({
      id: Number(who.sub),
      name: who.preferred_username,
      displayName: 'Kitsune King',
      avatarUrl: who.picture,
    })
    expect(await providersOf(t, cookie)).toEqual([`roblox:${who.sub}`])

    // The placeholder address is the account's, and no mail was queued for it.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id))
    expect(row?.email).toBe(`roblox-${who.sub}@${NO_EMAIL_DOMAIN}`)
    const mails = await t.database.db
      .select()
      .from(pendingEmails)
      .where(like(pendingEmails.toEmail, `%@${NO_EMAIL_DOMAIN}`))
    expect(mails).toEqual([])

    // The public profile shows the Verified Roblox account.
    const profile = await send(t, `/api/users/${me.profile.username}`)
    expect((await profile.json()).profile.roblox).toMatchObject({ id: Number(who.sub) })
  })

  it('signs the same Roblox user into the same account again, its verification renewed from Roblox', async () => {
    const who = robloxUser()
    const first = await meOf(t, cookiesOf(await signIn(who)))
    const renamed = { ...who, name: 'New Name', nickname: 'New Name', picture: null }
    const again = await signIn(renamed, '/')
    expect(target(again).path).toBe('/')
    const me = await meOf(t, cookiesOf(again))
    expect(me.id).toBe(first.id)
    expect(me.profile.username).toBe(first.profile.username)
    expect(me.profile.roblox).toMatchObject({ id: Number(who.sub), displayName: 'New Name', avatarUrl: null })
  })

  it('keeps the username rules: reserved, staff words and taken names fall back to other names', async () => {
    const reserved = robloxUser('Admin')
    expect((await meOf(t, cookiesOf(await signIn(reserved)))).profile.username).toBe(`roblox_${reserved.sub}`)

    const staff = robloxUser(`Middleman${names}`)
    expect((await meOf(t, cookiesOf(await signIn(staff)))).profile.username).toBe(`roblox_${staff.sub}`)

    const { cookie } = await createVerifiedUser(t, `taken-${process.pid}@example.com`)
    const name = `taken${process.pid % 1000}${++names}`
    expect((await send(t, '/api/profile/username', { body: { username: name }, cookie })).status).toBe(200)
    const clash = robloxUser(name.toUpperCase())
    const named = (await meOf(t, cookiesOf(await signIn(clash)))).profile.username
    expect(named).toBe(`${name}_${clash.sub.slice(-4)}`)
  })

  it('a trader signed in with a password links Roblox from the settings: verified at once, e-mail unchanged', async () => {
    const email = `linker-${process.pid}@example.com`
    const { cookie } = await createVerifiedUser(t, email)
    const before = await meOf(t, cookie)
    expect(before.profile.roblox).toBeNull()
    // A phrase under way is dropped once Roblox vouched for the account.
    await t.database.db.insert(robloxVerifications).values({
      userId: before.id,
      robloxId: 1,
      name: 'Someone',
      displayName: 'Someone',
      phrase: 'a b c d e f',
      expiresAt: new Date(Date.now() + 60_000),
    })

    const who = robloxUser(undefined, 'Linked Fox')
    const res = await link(who, cookie)
    expect(res.status).toBe(302)
    expect(target(res)).toEqual({ path: '/profile', params: { tab: 'connections' } })
    expect(await providersOf(t, cookie)).toEqual([`credential:${before.id}`, `roblox:${who.sub}`].sort())
    const me = await meOf(t, cookie)
    expect(me.email).toBe(email)
    expect(me.profile.username).toBeNull() // an existing account chooses its own
    expect(me.profile.roblox).toMatchObject({ id: Number(who.sub), name: who.preferred_username })
    const pending = await t.database.db
      .select()
      .from(robloxVerifications)
      .where(eq(robloxVerifications.userId, me.id))
    expect(pending).toEqual([])

    // Roblox now signs into that account.
    const viaRoblox = await signIn(who)
    expect((await currentUser(t, cookiesOf(viaRoblox)))?.id).toBe(me.id)
  })

  it('refuses a Roblox account another TradeHub account verified, for a new account and for a link', async () => {
    const { cookie: holder } = await createVerifiedUser(t, `holder-${process.pid}@example.com`)
    const holderId = (await meOf(t, holder)).id
    const who = robloxUser()
    // Verified by the phrase in its About.
    await t.database.db.insert(robloxAccounts).values({
      userId: holderId,
      robloxId: Number(who.sub),
      name: who.preferred_username,
      displayName: who.name,
    })
    const usersBefore = (await t.database.db.select({ id: users.id }).from(users)).length

    const visitor = await signIn(who)
    expect(target(visitor)).toEqual({
      path: '/sign-in',
      params: {
        error: 'roblox_account_taken',
        error_description: 'This Roblox account is already verified by another TradeHub account',
      },
    })
    expect(cookiesOf(visitor)).not.toContain('session_token')
    expect((await t.database.db.select({ id: users.id }).from(users)).length).toBe(usersBefore)

    const { cookie } = await createVerifiedUser(t, `second-${process.pid}@example.com`)
    const linked = await link(who, cookie)
    expect(target(linked).params.error).toBe('roblox_account_taken')
    expect((await providersOf(t, cookie)).some((p) => p.startsWith('roblox:'))).toBe(false)
    expect((await meOf(t, cookie)).profile.roblox).toBeNull()

    // The holder may link it (the same Roblox account, proven again).
    expect(target(await link(who, holder)).params).toEqual({ tab: 'connections' })
    expect((await meOf(t, holder)).profile.roblox).toMatchObject({ id: Number(who.sub) })
  })

  it('refuses a profile that is not a Roblox user', async () => {
    const { preferred_username: _, ...nameless } = robloxUser()
    const res = await signIn(nameless)
    expect(target(res)).toMatchObject({ path: '/sign-in', params: { error: 'roblox_profile_invalid' } })
    expect(cookiesOf(res)).not.toContain('session_token')
  })

  it('never takes an .invalid address from a form: sign-up, magic link, change of e-mail', async () => {
    const placeholder = `roblox-${robloxIds + 1}@${NO_EMAIL_DOMAIN}`
    const up = await send(t, '/api/auth/sign-up/email', {
      body: { email: placeholder, password: 'Kitsune-Trade-42', name: '' },
    })
    expect(up.status).toBe(400)
    expect(await up.json()).toMatchObject({ code: 'INVALID_EMAIL' })
    const magic = await send(t, '/api/auth/sign-in/magic-link', { body: { email: 'me@SOMEWHERE.INVALID' } })
    expect(magic.status).toBe(400)

    const res = await signIn(robloxUser())
    const cookie = cookiesOf(res)
    const change = await send(t, '/api/auth/change-email', { body: { newEmail: placeholder }, cookie })
    expect(change.status).toBe(400)
    expect(await change.json()).toMatchObject({ code: 'INVALID_EMAIL' })
  })

  it('lets an account without an e-mail add one: the confirmation goes to the new address', async () => {
    const res = await signIn(robloxUser())
    const cookie = cookiesOf(res)
    const newEmail = `added-${process.pid}@example.com`
    const change = await send(t, '/api/auth/change-email', {
      body: { newEmail, callbackURL: '/profile?tab=account' },
      cookie,
    })
    expect(change.status).toBe(200)
    const mails = await t.database.db.select().from(pendingEmails).where(eq(pendingEmails.toEmail, newEmail))
    expect(mails).toHaveLength(1)
  })
})

describe('robloxIdentityOf', () => {
  const claims = {
    sub: '45348281',
    name: 'Mighty',
    nickname: 'Mighty',
    preferred_username: 'MightyPart',
    created_at: 1373701800,
    profile: 'https://www.roblox.com/users/45348281/profile',
    picture: 'https://tr.rbxcdn.com/30DAY-AvatarHeadshot-11BD-Png/150/150/AvatarHeadshot/Png/noFilter',
  }

  it("reads Roblox's userinfo: id, username, display name, headshot", () => {
    expect(robloxIdentityOf(claims)).toEqual({
      id: 45348281,
      username: 'MightyPart',
      displayName: 'Mighty',
      picture: claims.picture,
    })
    expect(robloxIdentityOf({ ...claims, nickname: null, name: null, picture: null })).toEqual({
      id: 45348281,
      username: 'MightyPart',
      displayName: 'MightyPart',
      picture: null,
    })
  })

  it.each([
    ['no sub', { ...claims, sub: undefined }],
    ['a sub that is no Roblox id', { ...claims, sub: 'abc' }],
    ['a sub beyond safe integers', { ...claims, sub: '99999999999999999' }],
    ['no username', { ...claims, preferred_username: undefined }],
    ['a username Roblox would not give', { ...claims, preferred_username: 'a b<script>' }],
    ['not an object', 'MightyPart'],
  ])('refuses %s', (_, profile) => {
    expect(robloxIdentityOf(profile)).toBeNull()
  })

  it('drops a display name with control characters and a headshot that is not https', () => {
    expect(
      robloxIdentityOf({
        ...claims,
        nickname: 'Evil\u202Ename',
        name: 'Evil\u202Ename',
        picture: 'http://x/y',
      }),
    ).toMatchObject({ displayName: 'MightyPart', picture: null })
  })
})

describe('usernamesFromRoblox', () => {
  it('tries the Roblox username in lower case, then with the end of the id, then roblox_<id>', () => {
    expect(usernamesFromRoblox('Mighty_Part', 45348281)).toEqual([
      'mighty_part',
      'mighty_part_8281',
      'roblox_45348281',
    ])
  })

  it('leaves out what the username rules refuse (too short, reserved, reserved prefixes)', () => {
    expect(usernamesFromRoblox('Al', 123456)).toEqual(['al_3456', 'roblox_123456'])
    expect(usernamesFromRoblox('Admin', 77)).toEqual(['roblox_77'])
    expect(usernamesFromRoblox('mod_Fox', 9001)).toEqual(['roblox_9001'])
  })
})
