import { useQuery } from '@tanstack/react-query'
import { KeyRound, Mail } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { AuthProvider } from '@/features/accounts/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { ApiError } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { authApi, providersQuery, refreshMe, safeRedirect, useMe } from '../api'
import { NewPasswordField } from '../components/new-password-field'
import { useAuthAction } from '../use-auth-action'

type View = 'sign-in' | 'sign-up' | 'forgot' | 'reset' | 'two-factor'
const VIEWS: readonly View[] = ['sign-in', 'sign-up', 'forgot', 'reset', 'two-factor']

function SentPanel({ email, what, onBack }: { email: string; what: string; onBack: () => void }) {
  return (
    <div role="status" className="rounded-2xl border border-line bg-surface p-6">
      <Mail aria-hidden="true" className="size-8 text-accent" />
      <h2 className="mt-3 font-bold text-xl">Check your e-mail</h2>
      <p className="mt-2 text-muted">
        We sent {what} to <strong className="text-ink [overflow-wrap:anywhere]">{email}</strong>. Open it on
        this device. Nothing there? Look in spam, or see the{' '}
        <Link to="/safe-sender-guide" className="text-accent underline">
          safe sender guide
        </Link>
        .
      </p>
      <button type="button" onClick={onBack} className={`${buttonClass('secondary')} mt-5`}>
        Back to sign in
      </button>
    </div>
  )
}

function ProviderButtons({ redirect }: { redirect: string }) {
  const { data } = useQuery(providersQuery)
  const { busy, run, messages } = useAuthAction()
  const providers = data?.providers ?? []
  if (providers.length === 0) return null
  const start = (provider: AuthProvider) =>
    run(async () => {
      const body = { callbackURL: redirect, errorCallbackURL: '/sign-in' }
      const { url } = await authApi<{ url: string }>('/sign-in/social', { provider: provider.id, ...body })
      window.location.assign(url)
    })
  return (
    <div className="mt-6 space-y-3">
      <p className="text-center text-muted text-sm">or continue with</p>
      {messages}
      <div className="grid gap-2 sm:grid-cols-2">
        {providers.map((p) => (
          <button
            key={p.id}
            type="button"
            disabled={busy}
            onClick={() => start(p)}
            className={buttonClass('secondary')}
          >
            {p.name}
          </button>
        ))}
      </div>
    </div>
  )
}

export function SignInPage() {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const { me } = useMe()
  const requested = params.get('view') as View | null
  const view: View = requested && VIEWS.includes(requested) ? requested : 'sign-in'
  const redirect = safeRedirect(params.get('redirect'))
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [useBackup, setUseBackup] = useState(false)
  const [sent, setSent] = useState<string | null>(null)
  const { busy, run, messages, passwordError, clearError } = useAuthAction()
  const onSubmit = (work: () => Promise<void>) => (e: React.FormEvent) => {
    e.preventDefault()
    run(work)
  }
  const emailField = (
    <Field
      label="E-mail"
      type="email"
      autoComplete="email"
      required
      value={email}
      onChange={(e) => setEmail(e.target.value)}
    />
  )

  const go = (next: View) => {
    setSent(null)
    clearError()
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

  if (me && view !== 'reset') {
    return (
      <Page title="Sign in">
        <FormMessage kind="info">
          You are signed in as <strong>{me.email}</strong>.
        </FormMessage>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to={redirect} className={buttonClass('primary')}>
            Continue
          </Link>
          <Link to="/profile" className={buttonClass('secondary')}>
            Your profile
          </Link>
        </div>
      </Page>
    )
  }

  const card = 'rounded-2xl border border-line bg-surface p-5 sm:p-6'

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

  if (view === 'sign-up') {
    const submit = onSubmit(async () => {
      await authApi('/sign-up/email', { email: email.trim(), password, name: '', callbackURL: redirect })
      setSent('a verification link')
    })
    return (
      <Page title="Create your account" lead="Keep favorite items and a public trader profile.">
        <form onSubmit={submit} className={`${card} space-y-4`}>
          {messages}
          {emailField}
          <NewPasswordField
            label="Password"
            value={password}
            onChange={(value) => {
              setPassword(value)
              clearError()
            }}
            email={email}
            error={passwordError}
          />
          <button type="submit" disabled={busy} className={`${buttonClass('primary')} w-full`}>
            {busy ? 'Creating…' : 'Create account'}
          </button>
          <p className="text-muted text-sm">
            We send you a link to confirm your e-mail before your first sign-in. Already have an account?{' '}
            <button type="button" className="text-accent underline" onClick={() => go('sign-in')}>
              Sign in
            </button>
          </p>
        </form>
        <ProviderButtons redirect={redirect} />
      </Page>
    )
  }

  if (view === 'forgot') {
    const submit = onSubmit(async () => {
      await authApi('/request-password-reset', { email: email.trim(), redirectTo: '/sign-in?view=reset' })
      toast.success('Password recovery', { description: 'Check your e-mail for reset instructions.' })
      setSent('a link to choose a new password')
    })
    return (
      <Page title="Reset your password" lead="We e-mail you a link to choose a new password.">
        <form onSubmit={submit} className={`${card} space-y-4`}>
          {messages}
          {emailField}
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

  if (view === 'reset') {
    const token = params.get('token')
    const submit = onSubmit(async () => {
      await authApi('/reset-password', { newPassword: password, token })
      toast.success('Password changed', { description: 'Sign in with your new password.' })
      setPassword('')
      await refreshMe() // every session of the account was ended
      go('sign-in')
    })
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

  if (view === 'two-factor') {
    const submit = onSubmit(async () => {
      await authApi(useBackup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp', {
        code: code.trim(),
      })
      await finish()
    })
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

  const signIn = onSubmit(async () => {
    const answer = await authApi<{ twoFactorRedirect?: boolean }>('/sign-in/email', {
      email: email.trim(),
      password,
      callbackURL: redirect,
      rememberMe: true,
    })
    if (answer.twoFactorRedirect) return go('two-factor')
    await finish()
  })
  const magicLink = () =>
    run(async () => {
      if (!email.trim()) throw new ApiError(400, 'VALIDATION_FAILED', 'Enter your e-mail first.')
      await authApi('/sign-in/magic-link', { email: email.trim(), callbackURL: redirect })
      setSent('a sign-in link')
    })

  return (
    <Page title="Sign in" lead="Keep favorite items, a trader profile and your linked accounts.">
      <form onSubmit={signIn} className={`${card} space-y-4`}>
        {messages}
        {emailField}
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={busy || !password} className={`${buttonClass('primary')} w-full`}>
          <KeyRound aria-hidden="true" className="size-4" /> Sign in
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={magicLink}
          className={`${buttonClass('secondary')} w-full`}
        >
          <Mail aria-hidden="true" className="size-4" /> E-mail me a sign-in link
        </button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button type="button" className="min-h-6 text-accent underline" onClick={() => go('forgot')}>
            Forgot password?
          </button>
          <button type="button" className="min-h-6 text-accent underline" onClick={() => go('sign-up')}>
            Create an account
          </button>
        </div>
      </form>
      <ProviderButtons redirect={redirect} />
    </Page>
  )
}
