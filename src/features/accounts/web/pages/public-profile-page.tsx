import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { NotFoundPage } from '@/platform/web/app/not-found-page'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { usePageMeta } from '@/platform/web/lib/page-meta'
import { Part } from '@/platform/web/lib/part'
import { Slot } from '@/platform/web/lib/slots'
import { useSeen } from '@/platform/web/lib/use-seen'
import { publicProfileQuery } from '../api'
import { FavoritesList } from '../components/favorites-list'
import { ProfileActions } from '../components/profile-actions'
import { ProfileCard } from '../components/profile-card'
import { publicProfileSections, publicProfileTail } from '../slots'

/**
 * The sections after the favorites (the trader's open ads), loaded when they come near the screen (not
 * part of the profile's first load).
 */
function Tail({ username }: { username: string }) {
  const [sentinel, seen] = useSeen()
  if (!seen) return <div ref={sentinel} />
  return <Slot slot={publicProfileTail} username={username} />
}

/**
 * /u/{username}: a trader's public profile. Higher features add sections (each its own part of the
 * page): their reputation and achievements after the card, their open ads after the favorites.
 */
export function PublicProfilePage() {
  const { username = '' } = useParams()
  const query = useQuery(publicProfileQuery(username))
  const profile = query.data?.profile
  // The same title and description as the server puts in the HTML (accounts/server/page-head.ts).
  const bio = profile?.bio.replace(/\s+/g, ' ').trim() ?? ''
  usePageMeta(
    profile && `${profile.displayName} (@${profile.username}) — trader profile`,
    profile &&
      (bio
        ? `${bio.slice(0, 150)}${bio.length > 150 ? '…' : ''}`
        : `${profile.displayName} trades on TradeHub: profile, links and favorite items.`),
  )
  if (query.isPending) return <Spinner label="Loading profile" />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />
    return <ErrorPanel onRetry={() => query.refetch()} />
  }
  const { favorites, profile: shown } = query.data
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="sr-only">{shown.displayName}</h1>
      <Part>
        <ProfileCard profile={shown}>
          {shown.username && <ProfileActions username={shown.username} />}
        </ProfileCard>
      </Part>
      {shown.username && <Slot slot={publicProfileSections} username={shown.username} />}
      <Part>
        <FavoritesList favorites={favorites} empty="No favorite items yet." />
      </Part>
      {shown.username && <Tail username={shown.username} />}
    </div>
  )
}
