import { useState } from 'react'
import { ApiError } from '@/platform/web/lib/api'
import { queryClient } from '@/platform/web/lib/query-client'
import { toast } from '@/platform/web/lib/toast'
import { authApi, meQuery } from '../api'
import { forgetSession, SIGNED_IN_KEY } from './auth-events'

export const SIGN_OUT_TITLE = 'Are you sure you want to sign out?'
export const SIGN_OUT_NOTE = 'You will need to sign in again to access your account.'

/** Signs out this browser: the spec's toasts, and nothing of the account left in the cache. */
export function useSignOut(onSignedOut: () => void) {
  const [busy, setBusy] = useState(false)
  const signOut = async () => {
    setBusy(true)
    forgetSession()
    try {
      await authApi('/sign-out', {})
      queryClient.setQueryData(meQuery.queryKey, { user: null })
      // Nothing of the account stays in this tab (the `me` query is kept: the header watches it).
      queryClient.removeQueries({ predicate: (q) => q.queryHash !== JSON.stringify(meQuery.queryKey) })
      onSignedOut()
      toast.success('Signed out successfully')
    } catch (error) {
      localStorage.setItem(SIGNED_IN_KEY, '1')
      toast.error('Sign out failed', {
        description:
          error instanceof ApiError
            ? 'There was a problem signing you out. Please try again.'
            : 'An unexpected error occurred. Please try again.',
      })
    } finally {
      setBusy(false)
    }
  }
  return { busy, signOut }
}
