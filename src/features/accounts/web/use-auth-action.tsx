import { useState } from 'react'
import { FormMessage } from '@/platform/web/components/ui/field'
import { ApiError } from '@/platform/web/lib/api'
import { authMessage } from './auth-messages'

/** The server's refusals of a new password: shown under the password field (NewPasswordField), not above. */
const PASSWORD_REASONS = new Set(['PASSWORD_TOO_WEAK', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG'])

/**
 * One account form's submission: a busy flag, the error in words a trader understands, and the notice
 * (a string the work returns) on success. `messages` shows both where the form wants them, except a
 * refused new password: `passwordError`, for the field.
 */
export function useAuthAction() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    setPasswordError(null)
    setNotice(null)
    try {
      const message = await work()
      if (typeof message === 'string') setNotice(message)
    } catch (e) {
      if (e instanceof ApiError && e.reason && PASSWORD_REASONS.has(e.reason)) setPasswordError(e.message)
      else
        setError(
          e instanceof ApiError
            ? authMessage(e.reason, e.message)
            : 'Something went wrong. Please try again.',
        )
    } finally {
      setBusy(false)
    }
  }
  const messages = (
    <>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {notice && <FormMessage kind="info">{notice}</FormMessage>}
    </>
  )
  const clearError = () => {
    setError(null)
    setPasswordError(null)
  }
  return { busy, run, messages, passwordError, clearError }
}
