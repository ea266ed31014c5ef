import { useQuery } from '@tanstack/react-query'
import { Link2, Unlink } from 'lucide-react'
import { useState } from 'react'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { queryClient } from '@/platform/web/lib/query-client'
import { toast } from '@/platform/web/lib/toast'
import { authApi, linkedAccountsQuery, providersQuery } from '../../api'
import { alreadyLinkedMessage, authMessage, EMAIL_LINKING_REFUSED } from '../../auth-messages'
import { RobloxConnection } from './roblox-connection'

const CALLBACK = '/profile?tab=connections'

/** ?tab=connections: the ways to sign in, then the verified Roblox account. */
export function ConnectionsTab() {
  return (
    <>
      <SignInConnections />
      <RobloxConnection />
    </>
  )
}

/** The providers linked to this account, with link and unlink (never the last way in). */
function SignInConnections() {
  const accounts = useQuery(linkedAccountsQuery)
  const providers = useQuery(providersQuery)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  if (accounts.isPending || providers.isPending) return <Spinner label="Loading connections" />
  if (accounts.isError) {
    return (
      <FormMessage kind="error">Failed to load your connections. Reload the page to try again.</FormMessage>
    )
  }
  const linked = accounts.data
  const names = new Map((providers.data?.providers ?? []).map((p) => [p.id, p.name]))
  names.set('credential', 'E-mail and password')
  const rows = [
    ...linked.map((a) => ({ id: a.providerId, accountRowId: a.id as string | null, linked: true })),
    ...[...names.keys()]
      .filter((id) => !linked.some((a) => a.providerId === id))
      .map((id) => ({ id, accountRowId: null, linked: false })),
  ]

  const link = async (providerId: string) => {
    const name = names.get(providerId) ?? providerId
    if (linked.some((a) => a.providerId === providerId)) return setError(alreadyLinkedMessage(name))
    // A password is added from the Account tab (a reset link), not by linking (docs/product.md §6).
    if (providerId === 'credential') return setError(EMAIL_LINKING_REFUSED)
    setBusy(providerId)
    setError(null)
    try {
      const { url } = await authApi<{ url: string }>('/link-social', {
        provider: providerId,
        callbackURL: CALLBACK,
        errorCallbackURL: CALLBACK,
      })
      window.location.assign(url)
    } catch (e) {
      setError(e instanceof ApiError ? authMessage(e.reason, e.message) : 'Linking failed. Please try again.')
      setBusy(null)
    }
  }
  const unlink = async (providerId: string, accountId: string) => {
    setBusy(providerId)
    setError(null)
    try {
      await authApi('/unlink-account', { accountId })
      await queryClient.invalidateQueries({ queryKey: linkedAccountsQuery.queryKey })
      toast.success('Connection removed', {
        description: `${names.get(providerId) ?? providerId} is unlinked.`,
      })
    } catch (e) {
      setError(
        e instanceof ApiError ? authMessage(e.reason, e.message) : 'Unlinking failed. Please try again.',
      )
    } finally {
      setBusy(null)
    }
  }

  return (
    <section
      aria-labelledby="connections-heading"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="connections-heading" className="font-semibold text-lg">
        Ways to sign in
      </h2>
      <p className="mt-1 text-muted text-sm">
        Link more providers to sign in with any of them. The last one cannot be unlinked.
      </p>
      {error && (
        <div className="mt-4">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      )}
      <ul className="mt-4 divide-y divide-line">
        {rows.map((row) => (
          <li
            key={`${row.id}-${row.accountRowId ?? 'new'}`}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <span>
              <span className="font-medium">{names.get(row.id) ?? row.id}</span>{' '}
              <span className={row.linked ? 'text-accent text-sm' : 'text-muted text-sm'}>
                {row.linked ? 'Linked' : 'Not linked'}
              </span>
            </span>
            {row.linked ? (
              <button
                type="button"
                disabled={busy !== null || linked.length <= 1}
                title={linked.length <= 1 ? 'Your only way to sign in cannot be unlinked' : undefined}
                onClick={() => row.accountRowId && unlink(row.id, row.accountRowId)}
                className={buttonClass('secondary', 'sm')}
              >
                <Unlink aria-hidden="true" className="size-4" /> Unlink
              </button>
            ) : (
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => link(row.id)}
                className={buttonClass('secondary', 'sm')}
              >
                <Link2 aria-hidden="true" className="size-4" /> Link
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
