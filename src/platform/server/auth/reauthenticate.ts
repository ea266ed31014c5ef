import { APIError, getSessionFromCtx } from 'better-auth/api'

type AuthContext = Parameters<typeof getSessionFromCtx>[0]

/** How long after signing in an account without a password may change its e-mail without signing in again. */
export const FRESH_SIGN_IN_MS = 10 * 60_000

/**
 * Re-authentication before changing the e-mail address: the account's password when it has one
 * (`password` in the body), otherwise a sign-in from the last ten minutes. A visitor is left to the
 * endpoint, which answers 401.
 */
export async function requireReauthentication(ctx: AuthContext): Promise<void> {
  const session = await getSessionFromCtx(ctx)
  if (!session) return
  const accounts = await ctx.context.internalAdapter.findAccounts(session.user.id)
  const hash = accounts.find((a) => a.providerId === 'credential' && a.password)?.password
  if (hash) {
    const password = (ctx.body as { password?: unknown } | undefined)?.password
    const valid = typeof password === 'string' && (await ctx.context.password.verify({ hash, password }))
    if (!valid) throw new APIError('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: 'Wrong password.' })
    return
  }
  if (Date.now() - new Date(session.session.createdAt).getTime() > FRESH_SIGN_IN_MS) {
    throw new APIError('FORBIDDEN', {
      code: 'SESSION_NOT_FRESH',
      message: 'Sign in again to change your e-mail address.',
    })
  }
}
