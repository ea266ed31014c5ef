import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware, createEmailVerificationToken, isAPIError } from 'better-auth/api'
import { deleteSessionCookie } from 'better-auth/cookies'
import { generateRandomString } from 'better-auth/crypto'
import { genericOAuth, magicLink, twoFactor } from 'better-auth/plugins'
import { eq } from 'drizzle-orm'
import type { AuthProvider } from '@/features/accounts/contract'
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordProblems,
  weakPasswordMessage,
} from '@/features/accounts/password-rules'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { AppError } from '@/platform/server/lib/errors'
import type { Logger } from '@/platform/server/lib/logger'
import { enqueueMail, MAIL_PRIORITY } from '@/platform/server/lib/mail/outbox'
import { trustedOriginsFor } from '@/platform/server/lib/origins'
import { hitRateLimit } from '@/platform/server/lib/rate-limit'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import { isPlaceholderEmail } from '@/shared/no-email'
import { SITE_NAME } from '@/shared/page-info'
import { safeRedirect } from '@/shared/redirect'
import { callHook } from '../hooks'
import { accountMails } from './emails'
import { accountCreated, robloxIdentityProven, signInRefusal } from './hooks'
import { checkAuthInput } from './input'
import { requireReauthentication } from './reauthenticate'
import {
  checkRobloxUser,
  type PendingRobloxIdentity,
  ROBLOX_PROVIDER_ID,
  robloxProviderConfig,
} from './roblox'
import { finishUnfinishedSignUp, SIGN_UP_PATH, type SignedUpUser } from './sign-up'
import * as authTables from './tables'
import { trackTransactions } from './transaction'

/** The header our server sets to the client's address (any value a client sends is replaced). */
export const CLIENT_IP_HEADER = 'x-tradehub-client-ip'

/** The OpenID Connect provider configured by OIDC_* (a company or community sign-in). */
export const OIDC_PROVIDER_ID = 'oidc'

export interface AuthDeps {
  env: Env
  db: Db
  /** The read cache: what a Roblox sign-in changes (a Verified badge) is dropped from it. */
  cache: ReadCache
  secret: string
  logger: Logger
  /** Rate limits per client address (off only in API tests, whose requests have no address). */
  rateLimit?: boolean
}

/** How long the second step of a two-factor sign-in may take (the two-factor plugin's default). */
const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60

/** How long a verification link works. */
const VERIFICATION_SECONDS = 60 * 60 * 24

/** Better Auth passes the request that caused a mail; this one is a sign-up's. */
const isSignUpRequest = (request: Request | undefined) =>
  request !== undefined && new URL(request.url).pathname.endsWith(SIGN_UP_PATH)

/** What completing a sign-up reads of Better Auth's request context. */
interface SignUpContext {
  getCookie: (name: string) => string | null
  body?: { callbackURL?: unknown } | null
  context: { baseURL: string }
}

/**
 * Sign-ins that end in a redirect with a session: a magic link, an OAuth callback, a verification link.
 * The two-factor plugin only challenges the password sign-in, so these would skip the second factor.
 */
const isRedirectSignIn = (path: string | undefined) =>
  path === '/magic-link/verify' || path === '/verify-email' || path?.startsWith('/callback/') === true

/** Body fields that carry an e-mail address a trader typed. */
const EMAIL_FIELDS = ['email', 'newEmail'] as const

/**
 * An `.invalid` address is the placeholder of an account without an e-mail (src/shared/no-email.ts):
 * nobody may sign up, sign in, or change to one, so a placeholder only ever names the account it was
 * made for.
 */
function refusePlaceholderEmails(body: unknown) {
  if (body === null || typeof body !== 'object') return
  for (const field of EMAIL_FIELDS) {
    const value = (body as Record<string, unknown>)[field]
    if (typeof value === 'string' && isPlaceholderEmail(value)) {
      throw new APIError('BAD_REQUEST', {
        code: 'INVALID_EMAIL',
        message: 'Enter an e-mail address that can receive mail',
      })
    }
  }
}

/** Endpoints that send a mail, and the body field naming the address it goes to. */
const MAIL_TARGETS: Record<string, 'email' | 'newEmail'> = {
  '/sign-in/magic-link': 'email',
  '/request-password-reset': 'email',
  '/send-verification-email': 'email',
  '/change-email': 'newEmail',
}
/** Mails one address may be sent by the account flows (besides the per-client limits below). */
const MAILS_PER_ADDRESS = { max: 5, windowSeconds: 15 * 60 }

/** Counts a mail to its address, so nobody can flood one inbox from many clients: 429 past the limit. */
async function limitMailsPerAddress(db: Db, path: string, body: unknown) {
  const field = MAIL_TARGETS[path]
  const address = field ? (body as Record<string, unknown> | undefined)?.[field] : undefined
  if (typeof address !== 'string') return
  try {
    await hitRateLimit(
      db,
      `auth-mail:${address.trim().toLowerCase()}`,
      MAILS_PER_ADDRESS,
      'Too many e-mails were sent to this address. Please try again later.',
    )
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const seconds = String(error.options.retryAfterSeconds ?? MAILS_PER_ADDRESS.windowSeconds)
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'RATE_LIMITED', message: error.message },
      // The header pair Better Auth's own limits send, with the standard one.
      { 'Retry-After': seconds, 'X-Retry-After': seconds },
    )
  }
}

/**
 * Better Auth logs its refusals of client input (a foreign callback URL or origin, a bad token or state)
 * at error level: they are warnings. An error stays one when a failure of ours comes with it (an
 * exception that is not a 4xx refusal).
 */
function authLogLevel(level: 'debug' | 'info' | 'warn' | 'error', err: unknown) {
  if (level !== 'error') return level
  return err !== undefined && !isRefusal(err) ? 'error' : 'warn'
}

/** An answer Better Auth gives on purpose (4xx, a redirect), as opposed to a failure. */
const isRefusal = (error: unknown) => isAPIError(error) && error.statusCode < 500

/** Paths whose body carries a new password, and the field that holds it. */
const PASSWORD_FIELDS: Record<string, 'password' | 'newPassword'> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
}

/** The OAuth providers whose client id and secret (and for OpenID Connect, the issuer) are configured. */
function providerSettings(env: Env) {
  const pair = (id: string | undefined, secret: string | undefined) =>
    id && secret ? { clientId: id, clientSecret: secret } : null
  const discord = pair(env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET)
  const google = pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET)
  const microsoft = pair(env.MICROSOFT_CLIENT_ID, env.MICROSOFT_CLIENT_SECRET)
  const oidcClient = env.OIDC_ISSUER_URL ? pair(env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET) : null
  const roblox = robloxProviderConfig(env)
  return {
    social: {
      // Better Auth always asks Discord for identify and email; listing them again would repeat them.
      ...(discord && { discord: { ...discord, scope: ['guilds'] } }),
      ...(google && { google: { ...google, prompt: 'consent' as const } }),
      ...(microsoft && { microsoft: { ...microsoft, prompt: 'consent' as const } }),
    },
    oidc:
      env.OIDC_ISSUER_URL && oidcClient
        ? {
            providerId: OIDC_PROVIDER_ID,
            name: env.OIDC_NAME,
            discoveryUrl: `${env.OIDC_ISSUER_URL.replace(/\/+$/, '')}/.well-known/openid-configuration`,
            ...oidcClient,
            scopes: ['openid', 'email', 'profile'],
          }
        : null,
    roblox,
  }
}

const PROVIDER_NAMES: Record<string, string> = {
  discord: 'Discord',
  google: 'Google',
  microsoft: 'Microsoft',
}

/** The sign-in buttons this server offers, in the order shown. */
export function configuredAuthProviders(env: Env): AuthProvider[] {
  const { social, oidc, roblox } = providerSettings(env)
  const providers = Object.keys(social).map((id) => ({ id, name: PROVIDER_NAMES[id] ?? id }))
  const generic = [oidc, roblox].flatMap((config) =>
    config ? [{ id: config.providerId, name: config.name ?? config.providerId }] : [],
  )
  return [...providers, ...generic]
}

/**
 * The Better Auth instance: e-mail + password with required verification, magic links, password reset,
 * TOTP two-factor, OAuth providers (each only when configured) with account linking, sessions in
 * PostgreSQL, and rate limits stored in the database so they hold across instances. Every mail goes
 * through the outbox.
 */
export function createAuth({ env, db, cache, secret, logger, rateLimit = true }: AuthDeps) {
  const publicOrigin = new URL(env.PUBLIC_URL).origin
  // Better Auth's transactions, and what runs inside them: `dbNow()` is the open one (see transaction.ts).
  const transactions = trackTransactions(db)
  const dbNow = transactions.current
  /** Queues an account mail: inside the transaction that causes it, when Better Auth runs one. */
  const send = async (to: string, mail: { subject: string; html: string; text: string }, tx = dbNow()) => {
    await enqueueMail(tx, { to, ...mail, priority: MAIL_PRIORITY.account })
    if (!env.SMTP_URL) logger.info({ to, subject: mail.subject }, 'account mail queued for the local mailbox')
  }
  /**
   * What a sign-up does once its user row exists, in the same transaction as that row and its password
   * (docs/decisions/006-accounts.md, "Atomic sign-up"): the features' part of a new account (its profile
   * row, the invite that brought it) and the verification mail, queued in the outbox. Either all of the
   * account is there, mail included, or none of it.
   */
  const completeSignUp = async (tx: Db, ctx: SignUpContext, user: SignedUpUser) => {
    await callHook(accountCreated, tx, user.id, (name) => ctx.getCookie(name))
    const token = await createEmailVerificationToken(secret, user.email, undefined, VERIFICATION_SECONDS, {
      userId: user.id,
    })
    const callbackURL = typeof ctx.body?.callbackURL === 'string' ? ctx.body.callbackURL : '/'
    const url = `${ctx.context.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(callbackURL)}`
    await send(user.email, accountMails.verifyEmail(url), tx)
  }
  const { social, oidc, roblox } = providerSettings(env)
  const genericProviders = [oidc, roblox].filter((config) => config !== null)
  /** The Roblox user each Roblox sign-in or link vouched for, until its account row is written. */
  const robloxUsers = new WeakMap<Request, PendingRobloxIdentity>()
  /**
   * A Roblox account row written by a sign-in or a link (made, or its tokens renewed): the Roblox
   * account is proven its owner's (docs/decisions/046). After the commit, so features write on their own.
   */
  const robloxAccountWritten = async (
    account: { providerId: string; accountId: string; userId: string } | null,
    ctx: { request?: Request } | null | undefined,
  ) => {
    if (account?.providerId !== ROBLOX_PROVIDER_ID || !ctx?.request) return
    const pending = robloxUsers.get(ctx.request)
    if (!pending || String(pending.identity.id) !== account.accountId) return
    robloxUsers.delete(ctx.request)
    await callHook(robloxIdentityProven, { db: dbNow(), cache }, account.userId, pending.identity, {
      newAccount: pending.newAccount,
    })
  }

  return betterAuth({
    appName: SITE_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOriginsFor(env),
    telemetry: { enabled: false },
    // Better Auth's own messages (failed callbacks, refused links, bad tokens) go to our log, not the console.
    logger: {
      level: logger.isLevelEnabled('debug') ? 'debug' : 'info',
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error)
        const rest = args.filter((arg) => arg !== err)
        logger[authLogLevel(level, err)](
          { ...(err && { err }), ...(rest.length > 0 && { details: rest }) },
          `auth: ${message}`,
        )
      },
    },
    database: drizzleAdapter(transactions.db, {
      provider: 'pg',
      // Sign-up's user and password rows commit together (and a provider's new user with its link).
      transaction: true,
      schema: {
        user: authTables.users,
        session: authTables.sessions,
        account: authTables.accounts,
        verification: authTables.verifications,
        twoFactor: authTables.twoFactors,
        rateLimit: authTables.authRateLimits,
      },
    }),
    user: {
      changeEmail: { enabled: true },
      // Which Roblox accounts may make or join an account (the others' providers pass as they are).
      validateUserInfo: checkRobloxUser(dbNow, robloxUsers),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30, // a month unused ends it
      updateAge: 60 * 60 * 24, // each day of use extends it
    },
    account: {
      // A provider sign-in joins an existing account of the same e-mail only when the provider vouches
      // for that address (email_verified / Discord's `verified`). No provider is "trusted" beyond its
      // claim: trusting one would let anyone who registers the victim's address there, unverified (or
      // sets it in their own Entra tenant), take over the TradeHub account.
      accountLinking: {
        enabled: true,
        trustedProviders: [],
        allowDifferentEmails: false,
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url }) => send(user.email, accountMails.resetPassword(url)),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_SECONDS,
      sendVerificationEmail: async ({ user, url }, request) => {
        // A sign-up's mail is already queued, in its transaction (completeSignUp); Better Auth would send
        // it again after the commit.
        if (isSignUpRequest(request)) return
        // A change of address is confirmed at the new address; Better Auth passes it as user.email.
        const [stored] = await dbNow()
          .select({ email: authTables.users.email })
          .from(authTables.users)
          .where(eq(authTables.users.id, user.id))
        const changing = stored !== undefined && stored.email !== user.email
        await send(
          user.email,
          changing ? accountMails.changeEmail(url, user.email) : accountMails.verifyEmail(url),
        )
      },
    },
    socialProviders: social,
    rateLimit: {
      enabled: rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      // Per address and path. The first rule that matches a path applies: exact paths before wildcards.
      customRules: {
        '/sign-in/magic-link': { window: 300, max: 5 },
        '/sign-in/*': { window: 60, max: 20 },
        '/sign-up/*': { window: 60, max: 10 },
        '/request-password-reset': { window: 300, max: 5 },
        '/send-verification-email': { window: 300, max: 5 },
        '/two-factor/*': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 5 },
      },
    },
    advanced: {
      // Better Auth skips its origin, callback-URL and CSRF checks when NODE_ENV=test; the API tests must
      // meet the same checks as production.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    // Refusals (4xx) are answered by Better Auth and logged by nobody; anything else (a database refusing
    // a value) is thrown on to the app's error handler (app.ts), which answers and logs it like any other
    // route instead of Better Auth's empty 500. (An `onError` hook cannot do this: its throws are swallowed.)
    onAPIError: { errorURL: '/sign-in', throw: true },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        checkAuthInput(ctx, publicOrigin) // only valid values go further
        refusePlaceholderEmails(ctx.body)
        await limitMailsPerAddress(db, ctx.path, ctx.body)
        if (ctx.path === '/change-email') return requireReauthentication(ctx)
        const field = PASSWORD_FIELDS[ctx.path]
        const password = field ? ctx.body?.[field] : undefined
        if (typeof password !== 'string') return
        let email: string | undefined =
          typeof ctx.body?.email === 'string' ? ctx.body.email : ctx.context.session?.user.email
        const resetToken = ctx.body?.token ?? ctx.query?.token
        if (!email && ctx.path === '/reset-password' && typeof resetToken === 'string' && resetToken) {
          // No session on this step: the token names the account, whose address the password may not hold.
          const pending = await ctx.context.internalAdapter.findVerificationValue(
            `reset-password:${resetToken}`,
          )
          if (pending) email = (await ctx.context.internalAdapter.findUserById(pending.value))?.email
        }
        const problems = passwordProblems(password, email)
        if (problems.length > 0) {
          throw new APIError('BAD_REQUEST', {
            code: 'PASSWORD_TOO_WEAK',
            message: weakPasswordMessage(problems),
          })
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // Signing up again with the address of an unfinished account finishes it, once Better Auth took
        // the request (and answered as for any taken address).
        if (ctx.path === SIGN_UP_PATH) {
          const { email, password } = ctx.body ?? {}
          if (isAPIError(ctx.context.returned) || typeof email !== 'string' || typeof password !== 'string')
            return
          await finishUnfinishedSignUp(
            db,
            { email, password },
            (plain) => ctx.context.password.hash(plain),
            (tx, user) => completeSignUp(tx, ctx, user),
          )
          return
        }
        // A user with two-factor on who signs in by magic link or a provider still owes the second factor:
        // the session just made is withdrawn and the same challenge as after a password is set up (the
        // `two_factor` cookie naming a `2fa-` verification row, which /two-factor/verify-* complete).
        if (!isRedirectSignIn(ctx.path)) return
        const signedIn = ctx.context.newSession
        if (!signedIn?.user.twoFactorEnabled) return
        // Confirming a new e-mail address re-sends the browser's own session: that is no new sign-in.
        const current = await ctx.getSignedCookie(
          ctx.context.authCookies.sessionToken.name,
          ctx.context.secret,
        )
        if (current === signedIn.session.token) return
        deleteSessionCookie(ctx, true)
        await ctx.context.internalAdapter.deleteSession(signedIn.session.token)
        ctx.context.setNewSession(null)
        const cookie = ctx.context.createAuthCookie('two_factor', { maxAge: TWO_FACTOR_CHALLENGE_SECONDS })
        const identifier = `2fa-${generateRandomString(20)}`
        const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000)
        await ctx.context.internalAdapter.createVerificationValue({
          value: signedIn.user.id,
          identifier,
          expiresAt,
        })
        await ctx.context.internalAdapter.createVerificationValue({
          value: '0',
          identifier: `2fa-attempts-${identifier}`,
          expiresAt,
        })
        await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes)
        const location = ctx.context.responseHeaders?.get('location')
        if (!location) return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
        const target = new URL(location, env.PUBLIC_URL)
        const redirect =
          target.origin === publicOrigin ? safeRedirect(target.pathname + target.search, publicOrigin) : '/'
        throw ctx.redirect(`/sign-in?${new URLSearchParams({ view: 'two-factor', redirect })}`)
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // Every sign-in (password, magic link, provider, verification link, two-factor) makes a
          // session here: a suspended account gets none, and is told why.
          before: async (session) => {
            const refusal = (await callHook(signInRefusal, dbNow(), session.userId)).find((r) => r !== null)
            if (refusal) throw new APIError('FORBIDDEN', { code: 'ACCOUNT_SUSPENDED', message: refusal })
          },
        },
      },
      user: {
        create: {
          after: async (user, ctx) => {
            if (ctx?.path === SIGN_UP_PATH) return // done in the sign-up's transaction (below)
            await callHook(accountCreated, dbNow(), user.id, (name) => ctx?.getCookie(name))
          },
        },
      },
      account: {
        create: {
          // A sign-up's password: its user row was just made, in this transaction.
          before: async (account, ctx) => {
            if (ctx?.path !== SIGN_UP_PATH || account.providerId !== 'credential') return
            const tx = dbNow()
            const [user] = await tx
              .select({ id: authTables.users.id, email: authTables.users.email })
              .from(authTables.users)
              .where(eq(authTables.users.id, account.userId))
            if (user) await completeSignUp(tx, ctx, user)
          },
          after: (account, ctx) => robloxAccountWritten(account, ctx),
        },
        // A Roblox sign-in to an account that has Roblox renews its tokens.
        update: { after: (account, ctx) => robloxAccountWritten(account, ctx) },
      },
    },
    plugins: [
      twoFactor({ issuer: SITE_NAME }),
      magicLink({
        expiresIn: 15 * 60,
        storeToken: 'hashed',
        sendMagicLink: ({ email, url }) => send(email, accountMails.magicLink(url)),
      }),
      ...(genericProviders.length > 0 ? [genericOAuth({ config: genericProviders })] : []),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
