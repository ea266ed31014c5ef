import { BadgeCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Profile } from '@/features/accounts/contract'
import { SOCIAL_KEYS, SOCIAL_LABELS, socialLinkHref } from '@/features/accounts/rules'
import { VerifiedBadge } from '@/features/verification/web/public'
import { Avatar } from '@/platform/web/components/ui/avatar'
import { formatMonth } from '@/platform/web/lib/format'

/**
 * A trader as others see them: avatar, names, OG and Verified badges, bio and social links; `children`
 * (the viewer's actions) last.
 */
export function ProfileCard({ profile, children }: { profile: Profile; children?: ReactNode }) {
  const links = SOCIAL_KEYS.flatMap((key) => {
    const value = profile.socialLinks[key]
    return value ? [{ key, value, href: socialLinkHref(key, value) }] : []
  })
  return (
    <section aria-label="Profile" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <div className="flex items-center gap-4">
        <Avatar url={profile.avatarUrl} name={profile.displayName} size="lg" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-bold text-2xl">
            <span className="truncate">{profile.displayName}</span>
            {profile.ogBadge && (
              <span
                title="Verified early-access (OG) member"
                className="inline-flex items-center gap-1 rounded-full border border-accent/50 bg-accent/10 px-2 py-0.5 font-semibold text-accent text-xs"
              >
                <BadgeCheck aria-hidden="true" className="size-3.5" /> OG
              </span>
            )}
          </p>
          {profile.username && <p className="text-muted">@{profile.username}</p>}
          <p className="text-muted text-xs">Joined {formatMonth(profile.joinedAt)}</p>
        </div>
      </div>
      {profile.roblox && (
        <p className="mt-3">
          <VerifiedBadge roblox={profile.roblox} size="md" />
        </p>
      )}
      {profile.bio ? (
        <p className="mt-4 whitespace-pre-line break-words">{profile.bio}</p>
      ) : (
        <p className="mt-4 text-muted">No bio yet.</p>
      )}
      {links.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2 text-sm">
          {links.map(({ key, value, href }) => (
            <li key={key} className="rounded-lg border border-line px-2.5 py-1">
              <span className="text-muted">{SOCIAL_LABELS[key]}: </span>
              {href ? (
                <a
                  href={href}
                  rel="noopener noreferrer nofollow ugc"
                  target="_blank"
                  className="text-accent underline [overflow-wrap:anywhere]"
                >
                  {value.replace(/^https?:\/\//, '')}
                </a>
              ) : (
                <span>{value}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  )
}
