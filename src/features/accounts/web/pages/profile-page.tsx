import { useQuery } from '@tanstack/react-query'
import { Suspense, useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { lazy } from '@/platform/web/lib/lazy'
import { entriesOf } from '@/platform/web/lib/slots'
import { toast } from '@/platform/web/lib/toast'
import { publicProfileQuery, useMe } from '../api'
import { FavoritesList } from '../components/favorites-list'
import { ProfileCard } from '../components/profile-card'
import { SignInPrompt } from '../components/sign-in-prompt'
import { profileTabs } from '../slots'

// The tabs besides the profile load when opened: the page's first screen is the profile.
const SettingsTab = lazy(async () => ({
  default: (await import('../components/profile/settings-tab')).SettingsTab,
}))
const AccountTab = lazy(async () => ({
  default: (await import('../components/profile/account-tab')).AccountTab,
}))
const ConnectionsTab = lazy(async () => ({
  default: (await import('../components/profile/connections-tab')).ConnectionsTab,
}))

/** The account's own tabs; higher features add theirs after them (`profileTabs`: Alerts). */
const OWN_TABS = [
  ['profile', 'Profile'],
  ['settings', 'Settings'],
  ['account', 'Account'],
  ['connections', 'Connections'],
] as const

function ProfileTab({ username }: { username: string | null }) {
  const { me } = useMe()
  const query = useQuery({ ...publicProfileQuery(username ?? ''), enabled: username !== null })
  useEffect(() => {
    if (query.isError) toast.error('Failed to load profile data')
  }, [query.isError])
  if (!me) return null
  // When the profile cannot be loaded, the fallback profile: the display name from the e-mail.
  const profile = query.data?.profile ?? {
    ...me.profile,
    displayName: query.isError && me.email ? (me.email.split('@')[0] ?? me.email) : me.profile.displayName,
  }
  return (
    <>
      <ProfileCard profile={profile} />
      {username && (
        <p className="mt-3 text-sm">
          Your public page:{' '}
          <Link to={`/u/${username}`} className="text-accent underline">
            /u/{username}
          </Link>
        </p>
      )}
      {query.isPending && username ? (
        <Spinner label="Loading favorites" />
      ) : (
        <FavoritesList
          favorites={query.data?.favorites ?? []}
          empty="No favorite items yet. Tap the heart on any item to keep it here."
        />
      )}
    </>
  )
}

export function ProfilePage() {
  const { me, isPending } = useMe()
  const [params] = useSearchParams()
  const added = entriesOf(profileTabs)
  const tabs = [...OWN_TABS, ...added.map(({ id, label }) => [id, label] as const)]
  const requested = params.get('tab')
  const tab = tabs.some(([id]) => id === requested) ? requested : 'profile'

  if (isPending) return <Spinner label="Loading profile" />
  if (!me) {
    return (
      <Page
        title="Your profile"
        lead="Your display name, bio, avatar, social links and favorite items live here."
      >
        <SignInPrompt back={`/profile${params.size ? `?${params}` : ''}`}>
          Sign in to see and edit your profile.
        </SignInPrompt>
      </Page>
    )
  }

  return (
    <Page title="Your profile">
      {/* The sections wrap on a phone: none hides off screen (Alerts came last, out of sight). */}
      <nav aria-label="Profile sections" className="-mt-2 mb-6 flex flex-wrap gap-x-1 border-line border-b">
        {tabs.map(([id, label]) => (
          <Link
            key={id}
            to={id === 'profile' ? '/profile' : `/profile?tab=${id}`}
            aria-current={tab === id ? 'page' : undefined}
            className="whitespace-nowrap border-transparent border-b-2 px-3 py-2 font-medium text-muted text-sm no-underline hover:text-ink aria-[current=page]:border-accent aria-[current=page]:text-ink"
          >
            {label}
          </Link>
        ))}
      </nav>
      {tab === 'profile' && <ProfileTab username={me.profile.username} />}
      <Suspense fallback={<Spinner label="Loading" />}>
        {tab === 'settings' && <SettingsTab key={me.profile.displayName} me={me} />}
        {tab === 'account' && <AccountTab me={me} />}
        {tab === 'connections' && <ConnectionsTab />}
      </Suspense>
      {added.map(({ id, Panel }) => tab === id && <Panel key={id} />)}
    </Page>
  )
}
