import { useState } from 'react'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { authApi } from '../../api'
import { useAuthAction } from '../../use-auth-action'
import { card, type SignInState } from './form-parts'

/** /sign-in?view=two-factor: after the password, a code from the authenticator app (or a backup code). */
export function TwoFactorForm({ finish }: Pick<SignInState, 'finish'>) {
  const [code, setCode] = useState('')
  const [useBackup, setUseBackup] = useState(false)
  const { busy, run, messages } = useAuthAction()
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    run(async () => {
      await authApi(useBackup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp', {
        code: code.trim(),
      })
      await finish()
    })
  }
  return (
    <Page title="Two-factor sign-in" lead="Your account is protected by an authenticator app.">
      <form onSubmit={submit} className={`${card} space-y-4`}>
        {messages}
        <Field
          label={useBackup ? 'Backup code' : '6-digit code from your authenticator app'}
          inputMode={useBackup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" disabled={busy} className={`${buttonClass('primary')} w-full`}>
          Verify
        </button>
        <button
          type="button"
          className="text-accent text-sm underline"
          onClick={() => setUseBackup(!useBackup)}
        >
          {useBackup ? 'Use a code from the app' : 'Use a backup code instead'}
        </button>
      </form>
    </Page>
  )
}
