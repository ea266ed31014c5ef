import { useState } from 'react'
import { FormMessage } from '@/web/components/ui/field'
import { ApiError } from '@/web/lib/api'
import { authMessage } from './auth-messages'

/**
 * One account form's submission: a busy flag, the error in words a trader understands, and the notice
 * (a string the work returns) on success. `messages` shows both where the form wants them.
 */
export function useAuthAction() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      const message = await work()
      if (typeof message === 'string') setNotice(message)
    } catch (e) {
      setError(
        e instanceof ApiError ? authMessage(e.reason, e.message) : 'Something went wrong. Please try again.',
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
  return { busy, run, messages, clearError: () => setError(null) }
}
