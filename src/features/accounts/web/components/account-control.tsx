import { Suspense, useSyncExternalStore } from 'react'
import { Link, useLocation } from 'react-router'
import { buttonClass } from '@/platform/web/components/ui/button'
import { lazy } from '@/platform/web/lib/lazy'
import { signInHref, useMe } from '../api'
import { AuthEvents, SIGNED_IN_KEY } from './auth-events'

// Signed-in parts load only for signed-in users: visitors never download them.
const loadUserMenu = () => import('./user-menu')
const UserMenu = lazy(loadUserMenu)
// A session this browser knows: the menu's code loads with the page, not after /api/me answers.
if (typeof localStorage !== 'undefined' && localStorage.getItem(SIGNED_IN_KEY)) void loadUserMenu()
const UsernameModal = lazy(() => import('./username-modal'))

const noSubscription = () => () => {}
const rememberedSession = () => localStorage.getItem(SIGNED_IN_KEY) !== null

/** A session this browser remembers (the server knows none: it renders a visitor's page). */
const useKnownSession = () => useSyncExternalStore(noSubscription, rememberedSession, () => false)

/**
 * Whether to show a signed-in trader's links rather than Sign In, as the header does: the session once
 * /api/me answers, until then the one this browser remembers (none on the server: hydration matches).
 */
export function useSignedIn(): boolean {
  const { me, isPending } = useMe()
  const knownSession = useKnownSession()
  return isPending ? knownSession : me !== null
}

/** The header's account corner: Sign In for visitors, the user menu when signed in. */
export function AccountControl() {
  const { me, isPending, isSuccess } = useMe()
  const knownSession = useKnownSession()
  const { pathname, search } = useLocation()
  return (
    <>
      <AuthEvents me={me} loaded={isSuccess} />
      {isPending ? (
        // The size of what comes next (the avatar for a known session, else Sign In): no jump.
        <span
          aria-hidden="true"
          className={`inline-block h-8 ${knownSession ? 'w-8 sm:w-40' : 'w-[4.6rem]'}`}
        />
      ) : me ? (
        <Suspense
          fallback={<span aria-hidden="true" className="inline-block size-8 rounded-full bg-surface-2" />}
        >
          <UserMenu me={me} />
        </Suspense>
      ) : (
        <Link to={signInHref(pathname, search)} className={buttonClass('primary', 'sm')}>
          Sign In
        </Link>
      )}
      {me && !me.profile.username && (
        <Suspense fallback={null}>
          <UsernameModal />
        </Suspense>
      )}
    </>
  )
}
