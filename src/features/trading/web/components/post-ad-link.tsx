import { Link } from 'react-router'
import { signInHref, useMe } from '@/features/accounts/web/public'
import { TRADING_MESSAGES } from '@/features/trading/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import type { GameId } from '@/shared/games'

/**
 * "Post an ad" for a trader who can; "Sign in to post an ad" for a visitor; a trader without a username
 * is told to choose one first.
 */
export function PostAdLink({ game, className = '' }: { game?: GameId; className?: string }) {
  const { me, isPending } = useMe()
  const href = `/trading/new${game ? `?game=${game}` : ''}`
  if (!isPending && !me)
    return (
      <Link
        to={signInHref('/trading/new', game ? `?game=${game}` : '')}
        className={`${buttonClass('primary')} ${className}`}
      >
        Sign in to post an ad
      </Link>
    )
  if (me && !me.profile.username)
    return (
      <p className={`text-sm ${className}`}>
        {TRADING_MESSAGES.usernameFirst}:{' '}
        <Link to="/profile" className="inline-flex min-h-6 items-center font-semibold text-accent underline">
          choose one on your profile
        </Link>
        .
      </p>
    )
  return (
    <Link to={href} className={`${buttonClass('primary')} ${className}`}>
      Post an ad
    </Link>
  )
}
