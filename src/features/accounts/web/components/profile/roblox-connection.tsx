import { useMutation, useQuery } from '@tanstack/react-query'
import { BadgeCheck } from 'lucide-react'
import { Link } from 'react-router'
import { ROBLOX_PROVIDER_ID } from '@/features/accounts/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { FormMessage } from '@/platform/web/components/ui/field'
import { ApiError, apiFetch } from '@/platform/web/lib/api'
import { formatDay } from '@/platform/web/lib/format'
import { queryClient } from '@/platform/web/lib/query-client'
import { toast } from '@/platform/web/lib/toast'
import { authApi, providersQuery, refreshMe, useMe } from '../../api'
import { authMessage } from '../../auth-messages'

const CALLBACK = '/profile?tab=connections'

/**
 * The Connections tab's Roblox row: the verified account with Unlink (asked first), or the ways to verify:
 * Link Roblox (Roblox's sign-in, verified at once, when the server offers it) and the phrase in the About.
 */
export function RobloxConnection() {
  const { me } = useMe()
  const providers = useQuery(providersQuery)
  const robloxSignIn = providers.data?.providers.some((p) => p.id === ROBLOX_PROVIDER_ID) ?? false
  const link = useMutation({
    mutationFn: () =>
      authApi<{ url: string }>('/link-social', {
        provider: ROBLOX_PROVIDER_ID,
        callbackURL: CALLBACK,
        errorCallbackURL: CALLBACK,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  })
  const unlink = useMutation({
    mutationFn: () => apiFetch<void>('/api/verification/roblox', { method: 'DELETE' }),
    onSuccess: async () => {
      // The badge leaves the profile card too (the public profile's answer).
      queryClient.invalidateQueries({ queryKey: ['users'] })
      await refreshMe()
      toast.success('Roblox account unlinked')
    },
  })
  const roblox = me?.profile.roblox
  return (
    <section
      aria-labelledby="roblox-heading"
      className="mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="roblox-heading" className="font-semibold text-lg">
        Roblox
      </h2>
      {roblox ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            {roblox.avatarUrl ? (
              <img
                src={roblox.avatarUrl}
                alt=""
                width={48}
                height={48}
                className="size-12 rounded-full bg-bg"
              />
            ) : (
              <BadgeCheck aria-hidden="true" className="size-8 text-accent" />
            )}
            <div>
              <p className="font-medium">
                {roblox.displayName} <span className="text-muted">@{roblox.name}</span>
              </p>
              <p className="text-accent text-sm">Verified on {formatDay(roblox.verifiedAt)}</p>
            </div>
          </div>
          <ConfirmInPlace
            question="Unlink this Roblox account? Your profile loses the Verified badge."
            confirmLabel="Unlink"
            disabled={unlink.isPending}
            onConfirm={(done) => unlink.mutate(undefined, { onSettled: done })}
          >
            Unlink<span className="sr-only"> Roblox account</span>
          </ConfirmInPlace>
        </div>
      ) : (
        <div className="mt-2">
          <p className="text-muted text-sm">
            A verified Roblox account shows traders you are who you say you are.
            {robloxSignIn &&
              ' Link Roblox: sign in on Roblox and it is verified at once. Or put a phrase in your Roblox About.'}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            {robloxSignIn && (
              <button
                type="button"
                disabled={link.isPending || link.isSuccess}
                onClick={() => link.mutate()}
                className={buttonClass('primary', 'sm')}
              >
                Link Roblox
              </button>
            )}
            <Link to="/verification" className={buttonClass('secondary', 'sm')}>
              Verify your Roblox account
            </Link>
          </div>
        </div>
      )}
      {link.isError && (
        <div className="mt-3">
          <FormMessage kind="error">
            {link.error instanceof ApiError
              ? authMessage(link.error.reason, link.error.message)
              : 'Linking failed. Please try again.'}
          </FormMessage>
        </div>
      )}
      {unlink.isError && (
        <div className="mt-3">
          <FormMessage kind="error">{unlink.error.message}</FormMessage>
        </div>
      )}
    </section>
  )
}
