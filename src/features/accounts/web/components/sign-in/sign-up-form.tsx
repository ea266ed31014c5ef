import { buttonClass } from '@/platform/web/components/ui/button'
import { Page } from '@/platform/web/components/ui/page'
import { authApi } from '../../api'
import { useAuthAction } from '../../use-auth-action'
import { NewPasswordField } from '../new-password-field'
import { card, EmailField, type SignInState } from './form-parts'
import { ProviderButtons } from './provider-buttons'

/** /sign-in?view=sign-up: an e-mail and a new password; the server e-mails a link to confirm the e-mail. */
export function SignUpForm({
  email,
  setEmail,
  password,
  setPassword,
  redirect,
  go,
  setSent,
}: Omit<SignInState, 'finish'>) {
  const { busy, run, messages, passwordError, clearError } = useAuthAction()
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    run(async () => {
      await authApi('/sign-up/email', { email: email.trim(), password, name: '', callbackURL: redirect })
      setSent('a verification link')
    })
  }
  return (
    <Page title="Create your account" lead="Keep favorite items and a public trader profile.">
      <form onSubmit={submit} className={`${card} space-y-4`}>
        {messages}
        <EmailField email={email} setEmail={setEmail} />
        <NewPasswordField
          label="Password"
          value={password}
          onChange={(value) => {
            setPassword(value)
            clearError()
          }}
          email={email}
          error={passwordError}
        />
        <button type="submit" disabled={busy} className={`${buttonClass('primary')} w-full`}>
          {busy ? 'Creating…' : 'Create account'}
        </button>
        <p className="text-muted text-sm">
          We send you a link to confirm your e-mail before your first sign-in. Already have an account?{' '}
          <button type="button" className="text-accent underline" onClick={() => go('sign-in')}>
            Sign in
          </button>
        </p>
      </form>
      <ProviderButtons redirect={redirect} />
    </Page>
  )
}
