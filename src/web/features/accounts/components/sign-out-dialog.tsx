import { Dialog } from 'radix-ui'
import { useState } from 'react'
import { toast } from 'sonner'
import { buttonClass } from '@/web/components/ui/button'
import { ApiError } from '@/web/lib/api'
import { queryClient } from '@/web/lib/query-client'
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

/** Sign Out, after the spec's confirmation (SPEC section 2). */
export default function SignOutDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { busy, signOut } = useSignOut(() => onOpenChange(false))
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-xl"
        >
          <Dialog.Title className="font-bold text-lg">{SIGN_OUT_TITLE}</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted text-sm">{SIGN_OUT_NOTE}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close className={buttonClass('secondary')}>Cancel</Dialog.Close>
            <button type="button" onClick={signOut} disabled={busy} className={buttonClass('primary')}>
              Sign Out
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
