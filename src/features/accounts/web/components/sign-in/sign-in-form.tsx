import { KeyRound, Mail } from 'lucide-react'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { ApiError } from '@/platform/web/lib/api'
import { authApi } from '../../api'
import { useAuthAction } from '../../use-auth-action'
import { card, EmailField, type SignInState } from './form-parts'
import { ProviderButtons } from './provider-buttons'

/**
 * /sign-in: the e-mail and password (then two-factor, where the account has it), or a sign-in link by
 * e-mail; the ways to other views and the sign-in providers.
 */
export function SignInForm({
  email,
  setEmail,
  password,
  setPassword,
  redirect,
  go,
  finish,
  setSent,
}: SignInState) {
  const { busy, run, messages } = useAuthAction()
  const signIn = (e: React.FormEvent) => {
    e.preventDefault()
    run(async () => {
      const answer = await authApi<{ twoFactorRedirect?: boolean }>('/sign-in/email', {
        email: email.trim(),
        password,
        callbackURL: redirect,
        rememberMe: true,
      })
      if (answer.twoFactorRedirect) return go('two-factor')
      await finish()
    })
  }
  const magicLink = () =>
    run(async () => {
      if (!email.trim()) throw new ApiError(400, 'VALIDATION_FAILED', 'Enter your e-mail first.')
      await authApi('/sign-in/magic-link', { email: email.trim(), callbackURL: redirect })
      setSent('a sign-in link')
    })

  return (
    <Page title="Sign in" lead="Keep favorite items, a trader profile and your linked accounts.">
      <form onSubmit={signIn} className={`${card} space-y-4`}>
        {messages}
        <EmailField email={email} setEmail={setEmail} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={busy || !password} className={`${buttonClass('primary')} w-full`}>
          <KeyRound aria-hidden="true" className="size-4" /> Sign in
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={magicLink}
          className={`${buttonClass('secondary')} w-full`}
        >
          <Mail aria-hidden="true" className="size-4" /> E-mail me a sign-in link
        </button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button type="button" className="min-h-6 text-accent underline" onClick={() => go('forgot')}>
            Forgot password?
          </button>
          <button type="button" className="min-h-6 text-accent underline" onClick={() => go('sign-up')}>
            Create an account
          </button>
        </div>
      </form>
      <ProviderButtons redirect={redirect} />
    </Page>
  )
}
