import { Dialog } from 'radix-ui'
import { useId, useState } from 'react'
import { USERNAME_MAX, USERNAME_MESSAGES, usernameProblem } from '@/features/accounts/username-rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ApiError } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { refreshMe, setMyProfile, setUsername } from '../api'
import { SIGN_OUT_NOTE, SIGN_OUT_TITLE, useSignOut } from './sign-out'

const stop = (event: Event) => event.preventDefault()

/**
 * Choose Your Username (docs/product.md §6): shown to every signed-in user without a username, and it
 * cannot be dismissed. The input is forced to lowercase; the server has the last word (taken, permanent).
 */
export default function UsernameModal() {
  const [value, setValue] = useState('')
  const [touched, setTouched] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const signOut = useSignOut(() => setSigningOut(false))
  const inputId = useId()
  const errorId = useId()
  const problem = serverError ?? (touched ? usernameProblem(value) : null)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (usernameProblem(value)) return
    setBusy(true)
    try {
      setMyProfile(await setUsername(value))
      toast.success('Username saved', { description: `You are @${value} on TradeHub.` })
    } catch (error) {
      const message = error instanceof ApiError ? (error.fields?.username ?? error.message) : 'Update failed'
      setServerError(message)
      if (message === USERNAME_MESSAGES.taken) toast.error('Username already taken')
      else if (message === USERNAME_MESSAGES.permanent) {
        toast.error('Username cannot be changed')
        refreshMe() // set elsewhere (another tab): the modal closes
      } else toast.error('Update failed', { description: message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          onEscapeKeyDown={stop}
          onPointerDownOutside={stop}
          onInteractOutside={stop}
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-xl"
        >
          {signingOut ? (
            <>
              <Dialog.Title className="font-bold text-lg">{SIGN_OUT_TITLE}</Dialog.Title>
              <Dialog.Description className="mt-2 text-muted text-sm">{SIGN_OUT_NOTE}</Dialog.Description>
              <div className="mt-6 flex justify-end gap-3">
                <button
                  type="button"
                  onClick={() => setSigningOut(false)}
                  className={buttonClass('secondary')}
                >
                  Cancel
                </button>
                <button
                  type="button"
                  onClick={signOut.signOut}
                  disabled={signOut.busy}
                  className={buttonClass('primary')}
                >
                  Sign Out
                </button>
              </div>
            </>
          ) : (
            <>
              <Dialog.Title className="font-bold text-xl">Choose Your Username</Dialog.Title>
              <Dialog.Description className="mt-2 text-muted text-sm">
                Your username is your public address on TradeHub. It cannot be changed once set.
              </Dialog.Description>
              <form onSubmit={submit} noValidate className="mt-5">
                <label htmlFor={inputId} className="font-medium text-sm">
                  Username
                </label>
                <input
                  id={inputId}
                  value={value}
                  onChange={(e) => {
                    setValue(e.target.value.toLowerCase())
                    setServerError(null)
                  }}
                  onBlur={() => value && setTouched(true)}
                  maxLength={USERNAME_MAX + 10}
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? errorId : undefined}
                  className="mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-ink aria-invalid:border-danger"
                  placeholder="e.g. kitsune_trader"
                />
                <p className="mt-1 text-muted text-xs [overflow-wrap:anywhere]">
                  3 to 30 lowercase letters, numbers and underscores. Your page: {window.location.host}/u/
                  {value || 'name'}
                </p>
                {problem && (
                  <p id={errorId} role="alert" className="mt-2 text-danger text-sm">
                    {problem}
                  </p>
                )}
                <button
                  type="submit"
                  disabled={busy || value === ''}
                  className={`${buttonClass('primary')} mt-5 w-full`}
                >
                  {busy ? 'Saving…' : 'Save username'}
                </button>
                <button
                  type="button"
                  onClick={() => setSigningOut(true)}
                  className="mt-3 w-full text-center text-muted text-sm underline hover:text-ink"
                >
                  Not you? Sign out
                </button>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
