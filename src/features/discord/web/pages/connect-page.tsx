import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { SignInPrompt, useMe } from '@/features/accounts/web/public'
import { DISCORD_CONNECT_MESSAGES } from '@/features/discord/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { connectMutation, connectPreviewQuery } from '../api'

const errorText = (error: Error) => (error instanceof ApiError ? error.message : 'Please try again.')

function Connect({ token }: { token: string }) {
  const client = useQueryClient()
  const preview = useQuery(connectPreviewQuery(token))
  const connect = useMutation(connectMutation(client))
  if (preview.isPending) return <Spinner label="Reading the link" />
  if (preview.isError) return <FormMessage kind="error">{errorText(preview.error)}</FormMessage>
  const { username, itemName, gameName } = preview.data
  if (connect.isSuccess)
    return (
      <div className="space-y-4">
        <FormMessage kind="info">
          Connected. TradeHub will DM @{username} about {itemName}.
        </FormMessage>
        <Link to="/profile?tab=alerts" className={buttonClass('secondary')}>
          Your alerts
        </Link>
      </div>
    )
  return (
    <div className="space-y-4 rounded-2xl border border-line bg-surface p-6">
      <p>
        Connect the Discord account <span className="font-semibold">@{username}</span> to your TradeHub
        account and watch <span className="font-semibold">{itemName}</span> ({gameName})?
      </p>
      {connect.isError && <FormMessage kind="error">{errorText(connect.error)}</FormMessage>}
      <button
        type="button"
        className={buttonClass('primary')}
        disabled={connect.isPending}
        onClick={() => connect.mutate(token)}
      >
        Connect
      </button>
    </div>
  )
}

/** /discord/connect?token=…: where /watch's private link leads. */
export function DiscordConnectPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { me, isPending } = useMe()
  return (
    <Page title="Connect Discord" lead="Get your TradeHub alerts as DMs from the TradeHub bot.">
      {!token ? (
        <FormMessage kind="error">{DISCORD_CONNECT_MESSAGES.invalid}</FormMessage>
      ) : isPending ? (
        <Spinner label="Checking your session" />
      ) : !me ? (
        <SignInPrompt back={`/discord/connect?token=${encodeURIComponent(token)}`}>
          Sign in to TradeHub to connect your Discord account.
        </SignInPrompt>
      ) : (
        <Connect token={token} />
      )}
    </Page>
  )
}
