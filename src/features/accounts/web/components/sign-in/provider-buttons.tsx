import { useQuery } from '@tanstack/react-query'
import type { AuthProvider } from '@/features/accounts/contract'
import { ROBLOX_PROVIDER_ID } from '@/features/accounts/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { authApi, providersQuery } from '../../api'
import { useAuthAction } from '../../use-auth-action'

/** "or continue with": a button for each sign-in provider the server offers (none: nothing). */
export function ProviderButtons({ redirect }: { redirect: string }) {
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
            {p.id === ROBLOX_PROVIDER_ID ? 'Sign in with Roblox' : p.name}
          </button>
        ))}
      </div>
    </div>
  )
}
