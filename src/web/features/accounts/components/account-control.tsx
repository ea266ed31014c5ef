import { lazy, Suspense } from 'react'
import { Link, useLocation } from 'react-router'
import { buttonClass } from '@/web/components/ui/button'
import { signInHref, useMe } from '../api'
import { AuthEvents } from './auth-events'

// Signed-in parts load only for signed-in users: visitors never download them.
const UserMenu = lazy(() => import('./user-menu'))
const UsernameModal = lazy(() => import('./username-modal'))

/** The header's account corner: Sign In for visitors, the user menu when signed in. */
export function AccountControl() {
  const { me, isPending } = useMe()
  const { pathname, search } = useLocation()
  return (
    <>
      <AuthEvents me={me} loaded={!isPending} />
      {isPending ? (
        <span aria-hidden="true" className="inline-block h-8 w-20" />
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
