import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Page } from '@/platform/web/components/ui/page'
import { refreshMe, safeRedirect, useMe, whoIsSignedIn } from '../api'
import { ForgotForm } from '../components/sign-in/forgot-form'
import { type SignInState, VIEWS, type View } from '../components/sign-in/form-parts'
import { ResetForm } from '../components/sign-in/reset-form'
import { SentPanel } from '../components/sign-in/sent-panel'
import { SignInForm } from '../components/sign-in/sign-in-form'
import { SignUpForm } from '../components/sign-in/sign-up-form'
import { SignedIn } from '../components/sign-in/signed-in'
import { TwoFactorForm } from '../components/sign-in/two-factor-form'

/**
 * /sign-in and its views (`?view=`): sign in, create an account, forgot password, a new password from a
 * reset link, two-factor; each view is its own component (components/sign-in/). The e-mail and password
 * typed stay when the trader moves between views.
 */
export function SignInPage() {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const { me } = useMe()
  const requested = params.get('view') as View | null
  const view: View = requested && VIEWS.includes(requested) ? requested : 'sign-in'
  const redirect = safeRedirect(params.get('redirect'))
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [sent, setSent] = useState<string | null>(null)

  // Each view's own errors go with it: a view opened afresh shows none.
  const go = (next: View) => {
    setSent(null)
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev)
        if (next === 'sign-in') p.delete('view')
        else p.set('view', next)
        p.delete('token')
        return p
      },
      { replace: false },
    )
  }
  const finish = async () => {
    await refreshMe()
    navigate(redirect, { replace: true })
  }

  if (me && view !== 'reset') return <SignedIn who={whoIsSignedIn(me)} redirect={redirect} />

  if (sent) {
    return (
      <Page
        title={
          view === 'forgot' ? 'Reset your password' : view === 'sign-up' ? 'Create your account' : 'Sign in'
        }
      >
        <SentPanel email={email} what={sent} onBack={() => go('sign-in')} />
      </Page>
    )
  }

  const state: SignInState = { email, setEmail, password, setPassword, redirect, go, finish, setSent }
  switch (view) {
    case 'sign-up':
      return <SignUpForm {...state} />
    case 'forgot':
      return <ForgotForm {...state} />
    case 'reset':
      return <ResetForm {...state} token={params.get('token')} />
    case 'two-factor':
      return <TwoFactorForm {...state} />
    default:
      return <SignInForm {...state} />
  }
}
