import { CheckCircle2, MailCheck, XCircle } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { RESEND_COOLDOWN_SECONDS, VERIFY_FAILED } from '@/features/launch-list/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { useResend, useSubscribe, verifySubscription } from '../api'

type FormState =
  | { name: 'idle'; fieldError?: string }
  | { name: 'submitting' }
  | { name: 'verifying' }
  | { name: 'verification_sent'; email: string }
  | { name: 'verified'; email?: string }
  | { name: 'error'; message: string }

const SUBSCRIBE_FAILED = 'Failed to subscribe. Please try again later.'
const VERIFY_THREW = 'An error occurred during verification. Please try again.'

function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft(left - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  return [left, () => setLeft(RESEND_COOLDOWN_SECONDS)]
}

/** A token in the address (the link of the verification mail) is verified once, on load. */
function useVerifyTokenFromAddress(setState: (s: FormState) => void) {
  const [params, setParams] = useSearchParams()
  const token = params.get('token')
  const started = useRef(false)
  useEffect(() => {
    if (!token || started.current) return
    started.current = true
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.delete('token')
        return next
      },
      { replace: true },
    )
    setState({ name: 'verifying' })
    verifySubscription(token)
      .then(({ email }) => {
        setState({ name: 'verified', email })
        toast.success('Email Verified', { description: 'You are on the early-access list.' })
      })
      .catch((error: unknown) => {
        // Too many attempts is not a bad link: say so with the server's message.
        if (error instanceof ApiError && error.code === 'RATE_LIMITED')
          return setState({ name: 'error', message: error.message })
        const rejected = error instanceof ApiError && error.status >= 400 && error.status < 500
        setState({ name: 'error', message: rejected ? VERIFY_FAILED : VERIFY_THREW })
      })
  }, [token, setParams, setState])
}

export function EarlyAccessForm() {
  const [state, setState] = useState<FormState>({ name: 'idle' })
  const rootRef = useRef<HTMLDivElement>(null)
  const [email, setEmail] = useState('')
  const [cooldown, startCooldown] = useCountdown()
  const subscribe = useSubscribe()
  const resend = useResend()
  const inputId = useId()
  const errorId = useId()
  useVerifyTokenFromAddress(setState)
  // What was typed into the server's page before the app took it over.
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (inputRef.current?.value) setEmail(inputRef.current.value)
  }, [])
  // Arriving from the mail's link, the outcome must be in view (on phones the form is below the fold).
  const outcomeShown = state.name === 'verified' || state.name === 'error' || state.name === 'verifying'
  useEffect(() => {
    if (outcomeShown) rootRef.current?.scrollIntoView({ block: 'center' })
  }, [outcomeShown])

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    setState({ name: 'submitting' })
    subscribe.mutate(
      { email },
      {
        onSuccess: (result) => {
          if (result.state === 'verified') {
            toast('Already verified', { description: `${result.email} is already on the list.` })
            setState({ name: 'verified', email: result.email })
          } else {
            setState({ name: 'verification_sent', email: result.email })
            startCooldown()
          }
        },
        onError: (error) => {
          if (
            error instanceof ApiError &&
            (error.code === 'VALIDATION_FAILED' || error.code === 'BAD_REQUEST')
          ) {
            setState({ name: 'idle', fieldError: error.fields?.email ?? error.message })
          } else if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
            setState({ name: 'error', message: error.message })
          } else {
            toast.error('Subscription failed', { description: 'An error occurred. Please try again later.' })
            setState({ name: 'error', message: SUBSCRIBE_FAILED })
          }
        },
      },
    )
  }

  const onResend = (to: string) => {
    startCooldown()
    resend.mutate(
      { email: to },
      {
        // The server answers alike for every address (it tells nobody who signed up).
        onSuccess: () =>
          toast.success('Verification e-mail sent', { description: `Check the inbox of ${to}.` }),
        onError: (error) =>
          toast.error('Failed to resend email.', {
            description:
              error instanceof ApiError && error.code === 'RATE_LIMITED' ? error.message : undefined,
          }),
      },
    )
  }

  const reset = () => setState({ name: 'idle' })

  /** The panel of the current state (idle and submitting show the form). */
  function renderState() {
    if (state.name === 'verifying') return <Spinner label="Verifying your e-mail" className="py-4" />

    if (state.name === 'verification_sent') {
      return (
        <div role="status" className="rounded-xl border border-accent/40 bg-accent/5 p-4">
          <p className="flex items-center gap-2 font-semibold">
            <MailCheck aria-hidden="true" className="size-5 text-accent" /> Check your inbox
          </p>
          <p className="mt-1 text-muted text-sm">
            We sent a verification link to <strong className="text-ink">{state.email}</strong>. Open it to
            confirm your spot. Not there? Look in spam, or read the{' '}
            <a href="/safe-sender-guide" className="text-accent underline">
              safe sender guide
            </a>
            .
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={cooldown > 0 || resend.isPending}
              onClick={() => onResend(state.email)}
            >
              {cooldown > 0 ? `Resend in ${cooldown}s` : 'Resend email'}
            </button>
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={reset}>
              Register Another Email
            </button>
          </div>
        </div>
      )
    }

    if (state.name === 'verified') {
      return (
        <div role="status" className="rounded-xl border border-accent/40 bg-accent/5 p-4">
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5 text-accent" /> You're on the list!
          </p>
          <p className="mt-1 text-muted text-sm">
            {state.email ? <strong className="text-ink">{state.email}</strong> : 'Your e-mail'} is verified.
            Your OG badge and launch-day giveaway entry are reserved.
          </p>
          <button type="button" className={`${buttonClass('ghost', 'sm')} mt-3`} onClick={reset}>
            Register Another Email
          </button>
        </div>
      )
    }

    if (state.name === 'error') {
      return (
        <div role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-4">
          <p className="flex items-center gap-2 font-semibold">
            <XCircle aria-hidden="true" className="size-5 text-danger" /> {state.message}
          </p>
          <button type="button" className={`${buttonClass('secondary', 'sm')} mt-3`} onClick={reset}>
            Try Again
          </button>
        </div>
      )
    }

    const submitting = state.name === 'submitting'
    const fieldError = state.name === 'idle' ? state.fieldError : undefined
    return (
      <form onSubmit={onSubmit} noValidate aria-label="Join the launch list" className="flex flex-col gap-2">
        <label htmlFor={inputId} className="font-medium text-sm">
          E-mail address
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={inputRef}
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            className="min-w-0 flex-1 rounded-lg border border-line bg-bg px-3 py-2.5 text-ink placeholder:text-muted/70 focus:border-accent"
          />
          <button
            type="submit"
            className={buttonClass('primary')}
            disabled={submitting || email.trim() === ''}
          >
            {submitting ? 'Joining…' : 'Get Early Access'}
          </button>
        </div>
        {fieldError && (
          <p id={errorId} className="text-danger text-sm">
            {fieldError}
          </p>
        )}
      </form>
    )
  }

  return <div ref={rootRef}>{renderState()}</div>
}
