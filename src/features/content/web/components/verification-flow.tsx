import { useMutation } from '@tanstack/react-query'
import { BadgeCheck } from 'lucide-react'
import { useState } from 'react'
import { refreshMe, SignInPrompt, useMe } from '@/features/accounts/web/public'
import {
  type RobloxCheckResponse,
  type RobloxStartResponse,
  robloxStartRequestSchema,
} from '@/features/verification/contract'
import { VERIFICATION_LIMITS } from '@/features/verification/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage } from '@/platform/web/components/ui/field'
import { ApiError, apiFetch } from '@/platform/web/lib/api'

const failureOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'

const BOX = 'grid gap-4 rounded-2xl border border-line bg-surface p-6'

/**
 * Verify a Roblox account: the username → a phrase of plain words to put in the Roblox About → Check.
 * A verified trader sees the linked account and may unlink it.
 */
export function VerificationFlow() {
  const { me, isPending } = useMe()
  if (isPending) return null
  if (!me)
    return (
      <SignInPrompt back="/verification">Sign in to verify the Roblox account you trade with.</SignInPrompt>
    )
  return me.profile.roblox ? <Verified account={me.profile.roblox} /> : <Verify />
}

function Verified({
  account,
}: {
  account: NonNullable<ReturnType<typeof useMe>['me']>['profile']['roblox'] & {}
}) {
  const unlink = useMutation({
    mutationFn: () => apiFetch<void>('/api/verification/roblox', { method: 'DELETE' }),
    onSuccess: () => refreshMe(),
  })
  return (
    <section aria-labelledby="verified-title" className={BOX}>
      <div className="flex items-center gap-4">
        {account.avatarUrl && (
          <img src={account.avatarUrl} alt="" width={64} height={64} className="size-16 rounded-full bg-bg" />
        )}
        <div>
          <h2 id="verified-title" className="flex items-center gap-2 font-semibold text-ink text-lg">
            <BadgeCheck aria-hidden="true" className="size-5 text-accent" /> Verified
          </h2>
          <p className="text-muted text-sm">
            Your profile is linked to the Roblox account{' '}
            <strong className="text-ink">{account.displayName}</strong> (@{account.name}). You can remove the
            phrase from your About now.
          </p>
        </div>
      </div>
      {unlink.isError && <FormMessage kind="error">{failureOf(unlink.error)}</FormMessage>}
      <button
        type="button"
        className={`${buttonClass('secondary')} justify-self-start`}
        disabled={unlink.isPending}
        onClick={() => unlink.mutate()}
      >
        {unlink.isPending ? 'Unlinking…' : 'Unlink this Roblox account'}
      </button>
    </section>
  )
}

function Verify() {
  const [username, setUsername] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [started, setStarted] = useState<RobloxStartResponse | null>(null)
  const start = useMutation({
    mutationFn: (name: string) =>
      apiFetch<RobloxStartResponse>('/api/verification/roblox', { method: 'POST', body: { username: name } }),
    onSuccess: (answer) => setStarted(answer),
  })
  const check = useMutation({
    mutationFn: () => apiFetch<RobloxCheckResponse>('/api/verification/roblox/check', { method: 'POST' }),
    onSuccess: () => refreshMe(),
  })

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const parsed = robloxStartRequestSchema.safeParse({ username })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter your Roblox username')
    setError(null)
    check.reset()
    start.mutate(parsed.data.username)
  }

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} noValidate aria-labelledby="verify-title" className={BOX}>
        <h2 id="verify-title" className="font-semibold text-ink text-lg">
          1. Your Roblox account
        </h2>
        <Field
          label="Roblox username"
          autoComplete="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          hint="The name you trade with in Roblox (not the display name)."
          error={error}
        />
        {start.isError && <FormMessage kind="error">{failureOf(start.error)}</FormMessage>}
        <button
          type="submit"
          className={`${buttonClass('primary')} justify-self-start`}
          disabled={start.isPending}
        >
          {start.isPending ? 'Looking it up…' : 'Get my phrase'}
        </button>
      </form>

      {started && (
        <section aria-labelledby="phrase-title" className={BOX}>
          <h2 id="phrase-title" className="font-semibold text-ink text-lg">
            2. Put this phrase in your Roblox About
          </h2>
          <p className="text-muted text-sm">
            For <strong className="text-ink">{started.robloxUser.displayName}</strong> (@
            {started.robloxUser.name}): open your Roblox profile, edit its About and add these words. The
            phrase works for {VERIFICATION_LIMITS.phraseMinutes} minutes.
          </p>
          <p
            className="rounded-lg border border-line bg-bg px-4 py-3 font-mono text-ink text-lg"
            aria-live="polite"
          >
            {started.phrase}
          </p>
          {check.isError && <FormMessage kind="error">{failureOf(check.error)}</FormMessage>}
          <button
            type="button"
            className={`${buttonClass('primary')} justify-self-start`}
            disabled={check.isPending}
            onClick={() => check.mutate()}
          >
            {check.isPending ? 'Checking…' : 'Check'}
          </button>
        </section>
      )}
    </div>
  )
}
