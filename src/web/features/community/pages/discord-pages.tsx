import { useEffect } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '@/web/components/ui/button'
import { Page } from '@/web/components/ui/page'
import { Spinner } from '@/web/components/ui/spinner'
import { useSiteSummary } from '@/web/features/landing/public'

/**
 * The server redirects these paths to Discord when a URL is configured; this page covers a
 * client-side visit (redirects too) and the case where none is configured.
 */
function DiscordRedirect({
  title,
  lead,
  target,
}: {
  title: string
  lead: string
  target: 'discordServerUrl' | 'discordBotInviteUrl'
}) {
  const { data, isPending, isError } = useSiteSummary()
  const url = data?.links[target]
  useEffect(() => {
    if (url) window.location.replace(url)
  }, [url])

  return (
    <Page title={title} lead={lead}>
      {isPending || url ? (
        <Spinner label="Taking you to Discord" />
      ) : (
        <div className="rounded-2xl border border-line bg-surface p-6">
          <p className="text-muted">
            {isError
              ? 'We could not load the Discord link. Please try again in a moment.'
              : 'No Discord link is configured for this site yet, so there is nowhere to send you. Please check back soon.'}
          </p>
          <Link to="/" className={`${buttonClass('secondary')} mt-5`}>
            Back to home
          </Link>
        </div>
      )}
    </Page>
  )
}

export function JoinServerPage() {
  return (
    <DiscordRedirect
      title="Join our Discord server"
      lead="Trade, ask for value checks and meet other traders."
      target="discordServerUrl"
    />
  )
}

export function InviteBotPage() {
  return (
    <DiscordRedirect
      title="Invite the Discord bot"
      lead="Look up item values from your own Discord server."
      target="discordBotInviteUrl"
    />
  )
}
