import { useQuery } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { Suspense, useState } from 'react'
import type { Me } from '@/features/accounts/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field } from '@/platform/web/components/ui/field'
import { lazy } from '@/platform/web/lib/lazy'
import { toast } from '@/platform/web/lib/toast'
import { authApi, linkedAccountsQuery, refreshMe } from '../../api'
import { useAuthAction } from '../../use-auth-action'
import { NewPasswordField } from '../new-password-field'

// Loaded when needed: the dialog on Sign out, the QR encoder when setting up two-factor.
const SignOutDialog = lazy(() => import('../sign-out-dialog'))
const QrCode = lazy(() => import('./qr-code'))

const card = 'rounded-2xl border border-line bg-surface p-5 sm:p-6'

function EmailSection({ me, hasPassword }: { me: Me; hasPassword: boolean }) {
  const [newEmail, setNewEmail] = useState('')
  const [password, setPassword] = useState('')
  const { busy, run, messages } = useAuthAction()
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    run(async () => {
      const sentTo = newEmail.trim()
      await authApi('/change-email', {
        newEmail: sentTo,
        callbackURL: '/profile?tab=account',
        ...(hasPassword && { password }),
      })
      setNewEmail('')
      setPassword('')
      return me.email
        ? `We sent a confirmation link to ${sentTo}. Your e-mail changes once you open it.`
        : `We sent a confirmation link to ${sentTo}. It becomes your e-mail once you open it.`
    })
  }
  return (
    <form onSubmit={submit} className={`${card} space-y-4`} aria-labelledby="email-heading">
      <h2 id="email-heading" className="font-semibold text-lg">
        E-mail
      </h2>
      {me.email ? (
        <p className="text-sm">
          <strong className="[overflow-wrap:anywhere]">{me.email}</strong>{' '}
          <span className="text-muted">{me.emailVerified ? '(verified)' : '(not verified)'}</span>
        </p>
      ) : (
        // An account made by signing in with Roblox, which gives no e-mail (docs/decisions/046).
        <p className="text-sm">
          <strong>No e-mail yet.</strong>{' '}
          <span className="text-muted">
            Add one to get mail from TradeHub (alerts, trade news), sign in with a link and set a password.
          </span>
        </p>
      )}
      {messages}
      <Field
        label={me.email ? 'New e-mail' : 'E-mail'}
        type="email"
        autoComplete="email"
        required
        value={newEmail}
        onChange={(e) => setNewEmail(e.target.value)}
      />
      {hasPassword ? (
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      ) : (
        <p className="text-muted text-xs">Without a password, this works within 10 minutes of signing in.</p>
      )}
      <button
        type="submit"
        disabled={busy || !newEmail || (hasPassword && !password)}
        className={buttonClass('secondary')}
      >
        {me.email ? 'Change e-mail' : 'Add e-mail'}
      </button>
    </form>
  )
}

function PasswordSection({ me, hasPassword }: { me: Me; hasPassword: boolean }) {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [revokeOthers, setRevokeOthers] = useState(true)
  const { busy, run, messages, passwordError, clearError } = useAuthAction()
  if (!hasPassword && !me.email) {
    return (
      <section className={`${card} space-y-3`} aria-labelledby="password-heading">
        <h2 id="password-heading" className="font-semibold text-lg">
          Password
        </h2>
        <p className="text-muted text-sm">
          You sign in with a provider. Add an e-mail above first: the link to set a password goes there.
        </p>
      </section>
    )
  }
  if (!hasPassword) {
    const sendLink = () =>
      run(async () => {
        await authApi('/request-password-reset', { email: me.email, redirectTo: '/sign-in?view=reset' })
        toast.success('Password recovery', { description: 'Check your e-mail for reset instructions.' })
        return `We sent a link to ${me.email} to set a password.`
      })
    return (
      <section className={`${card} space-y-3`} aria-labelledby="password-heading">
        <h2 id="password-heading" className="font-semibold text-lg">
          Password
        </h2>
        <p className="text-muted text-sm">
          You sign in with a link or a provider. You can add a password too.
        </p>
        {messages}
        <button type="button" disabled={busy} onClick={sendLink} className={buttonClass('secondary')}>
          E-mail me a link to set a password
        </button>
      </section>
    )
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    run(async () => {
      await authApi('/change-password', {
        currentPassword: current,
        newPassword: next,
        revokeOtherSessions: revokeOthers,
      })
      setCurrent('')
      setNext('')
      toast.success('Password changed')
      return 'Your password is changed.'
    })
  }
  return (
    <form onSubmit={submit} className={`${card} space-y-4`} aria-labelledby="password-heading">
      <h2 id="password-heading" className="font-semibold text-lg">
        Password
      </h2>
      {messages}
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <NewPasswordField
        label="New password"
        value={next}
        onChange={(value) => {
          setNext(value)
          clearError()
        }}
        email={me.email ?? undefined}
        error={passwordError}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={revokeOthers} onChange={(e) => setRevokeOthers(e.target.checked)} />
        Sign out my other devices
      </label>
      <button type="submit" disabled={busy || !current || !next} className={buttonClass('secondary')}>
        Change password
      </button>
    </form>
  )
}

interface Enrolment {
  totpURI: string
  backupCodes: string[]
}

function TwoFactorSection({ me, hasPassword }: { me: Me; hasPassword: boolean }) {
  const [password, setPassword] = useState('')
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [code, setCode] = useState('')
  const { busy, run, messages } = useAuthAction()
  const secret = enrolment ? new URL(enrolment.totpURI).searchParams.get('secret') : null

  if (!hasPassword) {
    return (
      <section className={`${card} space-y-2`} aria-labelledby="tfa-heading">
        <h2 id="tfa-heading" className="font-semibold text-lg">
          Two-factor authentication
        </h2>
        <p className="text-muted text-sm">Set a password first: two-factor protects password sign-in.</p>
      </section>
    )
  }

  const enable = (e: React.FormEvent) => {
    e.preventDefault()
    run(async () => {
      setEnrolment(await authApi<Enrolment>('/two-factor/enable', { password }))
      setPassword('')
      return undefined
    })
  }
  const confirm = (e: React.FormEvent) => {
    e.preventDefault()
    run(async () => {
      await authApi('/two-factor/verify-totp', { code: code.trim() })
      setEnrolment(null)
      setCode('')
      await refreshMe()
      toast.success('Two-factor is on')
      return 'Two-factor authentication is on. Keep your backup codes somewhere safe.'
    })
  }
  const disable = (e: React.FormEvent) => {
    e.preventDefault()
    run(async () => {
      await authApi('/two-factor/disable', { password })
      setPassword('')
      await refreshMe()
      toast.success('Two-factor is off')
      return 'Two-factor authentication is off.'
    })
  }

  return (
    <section className={`${card} space-y-4`} aria-labelledby="tfa-heading">
      <h2 id="tfa-heading" className="flex items-center gap-2 font-semibold text-lg">
        <ShieldCheck aria-hidden="true" className="size-5 text-accent" /> Two-factor authentication
      </h2>
      {messages}
      {enrolment ? (
        <form onSubmit={confirm} className="space-y-4">
          <p className="text-sm">
            Scan this code with your authenticator app, then enter the 6-digit code it shows.
          </p>
          <Suspense fallback={<div className="size-48 rounded-lg bg-surface-2" />}>
            <QrCode text={enrolment.totpURI} label="QR code for your authenticator app" />
          </Suspense>
          <a href={enrolment.totpURI} className="text-accent text-sm underline">
            On this phone? Open it in your authenticator app
          </a>
          {secret && (
            <p className="text-sm">
              Or enter this key by hand:{' '}
              <code className="break-all rounded bg-bg px-1.5 py-0.5">{secret}</code>
            </p>
          )}
          <div>
            <p className="font-medium text-sm">Backup codes (each works once if you lose your phone):</p>
            <ul
              aria-label="Backup codes"
              className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5"
            >
              {enrolment.backupCodes.map((c) => (
                <li key={c} className="rounded bg-bg px-2 py-1 text-center">
                  {c}
                </li>
              ))}
            </ul>
          </div>
          <Field
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" disabled={busy || !code} className={buttonClass('primary')}>
            Turn on two-factor
          </button>
        </form>
      ) : (
        <form onSubmit={me.twoFactorEnabled ? disable : enable} className="space-y-4">
          <p className="text-muted text-sm">
            {me.twoFactorEnabled
              ? 'On: signing in with your password also asks for a code from your authenticator app.'
              : 'Off. Turn it on to ask for a code from an authenticator app after your password.'}
          </p>
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" disabled={busy || !password} className={buttonClass('secondary')}>
            {me.twoFactorEnabled ? 'Turn off two-factor' : 'Set up two-factor'}
          </button>
        </form>
      )}
    </section>
  )
}

function SessionsSection() {
  const [confirming, setConfirming] = useState(false)
  const { busy, run, messages } = useAuthAction()
  const revoke = () =>
    run(async () => {
      await authApi('/revoke-other-sessions', {})
      return 'Your other devices are signed out.'
    })
  return (
    <section className={`${card} space-y-3`} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="font-semibold text-lg">
        Devices
      </h2>
      {messages}
      <div className="flex flex-wrap gap-3">
        <button type="button" disabled={busy} onClick={revoke} className={buttonClass('secondary')}>
          Sign out other devices
        </button>
        <button type="button" onClick={() => setConfirming(true)} className={buttonClass('secondary')}>
          Sign out
        </button>
      </div>
      {confirming && (
        <Suspense fallback={null}>
          <SignOutDialog open={confirming} onOpenChange={setConfirming} />
        </Suspense>
      )}
    </section>
  )
}

/** ?tab=account: e-mail, password, two-factor and devices. */
export function AccountTab({ me }: { me: Me }) {
  const accounts = useQuery(linkedAccountsQuery)
  const hasPassword = accounts.data?.some((a) => a.providerId === 'credential') ?? true
  return (
    <div className="space-y-6">
      <EmailSection me={me} hasPassword={hasPassword} />
      <PasswordSection me={me} hasPassword={hasPassword} />
      <TwoFactorSection me={me} hasPassword={hasPassword} />
      <SessionsSection />
    </div>
  )
}
