import { useQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { TraderAchievements } from '@/features/achievements/web/public'
import { TradeAdsSection } from '@/features/trading/web/public'
import { NotFoundPage } from '@/platform/web/app/not-found-page'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { usePageMeta } from '@/platform/web/lib/page-meta'
import { Part } from '@/platform/web/lib/part'
import { useSeen } from '@/platform/web/lib/use-seen'
import { publicProfileQuery } from '../api'
import { FavoritesList } from '../components/favorites-list'
import { ProfileActions } from '../components/profile-actions'
import { ProfileCard } from '../components/profile-card'
import { Reputation, reviewsPageOf } from '../components/reputation'

/** The trader's open ads, loaded when they come near the screen (not part of the profile's first load). */
function OpenAds({ username }: { username: string }) {
  const [sentinel, seen] = useSeen()
  if (!seen) return <div ref={sentinel} />
  return (
    <Suspense fallback={null}>
      <TradeAdsSection
        heading="Trade ads"
        lists={[{ title: 'Open ads', filter: { user: username }, empty: 'No open ads.' }]}
        showGame
      />
    </Suspense>
  )
}

/** /u/{username}: a trader's public profile. */
export function PublicProfilePage() {
  const { username = '' } = useParams()
  const [search] = useSearchParams()
  const query = useQuery(publicProfileQuery(username))
  const profile = query.data?.profile
  // The same title and description as the server puts in the HTML (profiles/page-head.ts).
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
      {shown.username && (
        <Part>
          <Reputation username={shown.username} page={reviewsPageOf(search)} />
        </Part>
      )}
      {shown.username && (
        <Part>
          <Suspense fallback={<Spinner label="Loading achievements" />}>
            <TraderAchievements username={shown.username} />
          </Suspense>
        </Part>
      )}
      <Part>
        <FavoritesList favorites={favorites} empty="No favorite items yet." />
      </Part>
      {shown.username && <OpenAds username={shown.username} />}
    </div>
  )
}
