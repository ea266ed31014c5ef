import { buttonClass } from '@/platform/web/components/ui/button'
import { Page } from '@/platform/web/components/ui/page'
import { toast } from '@/platform/web/lib/toast'
import { authApi } from '../../api'
import { useAuthAction } from '../../use-auth-action'
import { card, EmailField, type SignInState } from './form-parts'

/** /sign-in?view=forgot: the server e-mails a link to choose a new password. */
export function ForgotForm({
  email,
  setEmail,
  go,
  setSent,
}: Pick<SignInState, 'email' | 'setEmail' | 'go' | 'setSent'>) {
  const { busy, run, messages } = useAuthAction()
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    run(async () => {
      await authApi('/request-password-reset', { email: email.trim(), redirectTo: '/sign-in?view=reset' })
      toast.success('Password recovery', { description: 'Check your e-mail for reset instructions.' })
      setSent('a link to choose a new password')
    })
  }
  return (
    <Page title="Reset your password" lead="We e-mail you a link to choose a new password.">
      <form onSubmit={submit} className={`${card} space-y-4`}>
        {messages}
        <EmailField email={email} setEmail={setEmail} />
        <button type="submit" disabled={busy} className={`${buttonClass('primary')} w-full`}>
          Send reset link
        </button>
        <button type="button" className="text-accent text-sm underline" onClick={() => go('sign-in')}>
          Back to sign in
        </button>
      </form>
    </Page>
  )
}
