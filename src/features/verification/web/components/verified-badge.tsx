import { BadgeCheck } from 'lucide-react'
import type { RobloxAccount } from '@/features/verification/contract'

/**
 * The Verified badge: this trader proved they own the Roblox account named (its headshot, display name
 * and @name). Nothing for a trader who has not verified.
 */
export function VerifiedBadge({
  roblox,
  size = 'sm',
}: {
  roblox: Pick<RobloxAccount, 'name' | 'displayName' | 'avatarUrl'> | null
  size?: 'sm' | 'md'
}) {
  if (!roblox) return null
  const md = size === 'md'
  return (
    <span
      className={`inline-flex max-w-full items-center gap-1 rounded-full border border-accent/40 bg-accent/10 text-ink ${md ? 'px-2.5 py-1 text-sm' : 'px-1.5 py-0.5 text-xs'}`}
    >
      {roblox.avatarUrl ? (
        <img
          src={roblox.avatarUrl}
          alt=""
          width={md ? 20 : 16}
          height={md ? 20 : 16}
          className={`${md ? 'size-5' : 'size-4'} shrink-0 rounded-full bg-bg`}
        />
      ) : (
        <BadgeCheck aria-hidden="true" className={`${md ? 'size-4' : 'size-3.5'} shrink-0 text-accent`} />
      )}
      <span className="font-semibold">Verified</span>
      <span className="min-w-0 truncate text-muted">
        <span className="sr-only">Roblox account </span>
        {roblox.displayName === roblox.name ? `@${roblox.name}` : `${roblox.displayName} (@${roblox.name})`}
      </span>
    </span>
  )
}
