import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import type { Me } from '@/features/accounts/contract'
import { toast } from '@/platform/web/lib/toast'
import { whoIsSignedIn } from '../api'

/** Set while this browser holds a session, so a session that dies can be told apart from a visitor. */
export const SIGNED_IN_KEY = 'tradehub:signed-in'

/** Forget the session on purpose (sign-out), so no Session Expired toast follows. */
export const forgetSession = () => localStorage.removeItem(SIGNED_IN_KEY)

/**
 * The auth toasts (docs/product.md §6) that do not belong to one form: `Welcome!` when a session appears
 * (any sign-in method, including links opened from mail), `Session Expired` when a known session is gone,
 * and `Authentication error` from an error in the address (an OAuth or mail-link failure).
 */
export function AuthEvents({ me, loaded }: { me: Me | null; loaded: boolean }) {
  const [params, setParams] = useSearchParams()
  const given = params.get('error_description')
  const code = params.get('error')

  useEffect(() => {
    if (!loaded) return
    const known = localStorage.getItem(SIGNED_IN_KEY) === '1'
    if (me && !known) {
      localStorage.setItem(SIGNED_IN_KEY, '1')
      toast.success('Welcome!', { description: `You're now signed in as ${whoIsSignedIn(me)}.` })
    } else if (!me && known) {
      forgetSession()
      toast.error('Session Expired', { description: 'Your session has expired. Please sign in again.' })
    }
  }, [me, loaded])

  useEffect(() => {
    if (given === null && !code) return
    const show = (description: string) => {
      if (description) toast.error('Authentication error', { description: description.slice(0, 200) })
      else toast.error('Authentication Error', { description: 'Please try signing in again' })
    }
    if (given !== null) show(given)
    else {
      // The words for an error code load only when an address carries one (rare), not with every page.
      import('../auth-messages').then(
        ({ authMessage }) => show(authMessage(code ?? '', '')),
        () => show(''),
      )
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.delete('error')
        next.delete('error_description')
        return next
      },
      { replace: true },
    )
  }, [given, code, setParams])

  return null
}
