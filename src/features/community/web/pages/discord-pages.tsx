import { useEffect } from 'react'
import { Link } from 'react-router'
import { useSiteLinks } from '@/features/landing/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'

/**
 * The server redirects these paths to Discord when a URL is configured; this page covers a
 * client-side visit (redirects too) and an old link to a Discord that is not configured (the site
 * offers none then): it points to the contact form instead.
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
  const { data, isPending, isError } = useSiteLinks()
  const url = data?.[target]
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
              : 'TradeHub has no Discord here yet. To reach the team, send a message with the contact form.'}
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link to="/contact" className={buttonClass('primary')}>
              Contact the team
            </Link>
            <Link to="/" className={buttonClass('secondary')}>
              Back to home
            </Link>
          </div>
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
      lead="Values, trade checks and restock posts in your own Discord server."
      target="discordBotInviteUrl"
    />
  )
}
