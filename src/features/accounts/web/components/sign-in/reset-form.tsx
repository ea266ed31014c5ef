import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { toast } from '@/platform/web/lib/toast'
import { authApi, refreshMe } from '../../api'
import { useAuthAction } from '../../use-auth-action'
import { NewPasswordField } from '../new-password-field'
import { card, type SignInState } from './form-parts'

/**
 * /sign-in?view=reset&token=…: the reset link's new password (the token from the e-mail); without a
 * token, a new link to ask for.
 */
export function ResetForm({
  token,
  password,
  setPassword,
  go,
}: Pick<SignInState, 'password' | 'setPassword' | 'go'> & { token: string | null }) {
  const { busy, run, messages, passwordError, clearError } = useAuthAction()
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    run(async () => {
      await authApi('/reset-password', { newPassword: password, token })
      toast.success('Password changed', { description: 'Sign in with your new password.' })
      setPassword('')
      await refreshMe() // every session of the account was ended
      go('sign-in')
    })
  }
  return (
    <Page title="Choose a new password">
      {token ? (
        <form onSubmit={submit} className={`${card} space-y-4`}>
          {messages}
          <NewPasswordField
            label="New password"
            value={password}
            onChange={(value) => {
              setPassword(value)
              clearError()
            }}
            error={passwordError}
          />
          <button type="submit" disabled={busy} className={`${buttonClass('primary')} w-full`}>
            Save new password
          </button>
        </form>
      ) : (
        <div className={card}>
          <FormMessage kind="error">
            This reset link is invalid or has expired. Ask for a new one.
          </FormMessage>
          <button type="button" className={`${buttonClass('secondary')} mt-4`} onClick={() => go('forgot')}>
            Send a new link
          </button>
        </div>
      )}
    </Page>
  )
}
