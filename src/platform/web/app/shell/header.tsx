import { Menu } from 'lucide-react'
import { Suspense, useEffect, useState } from 'react'
import { AccountControl, useMe } from '@/features/accounts/web/public'
import { NotificationBell } from '@/features/notifications/web/public'
import { MyTradesLink } from '@/features/trading/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'
import { lazy } from '@/platform/web/lib/lazy'
import { Part } from '@/platform/web/lib/part'
import { DesktopNav } from './desktop-nav'
import { Logo } from './logo'

// The drawer (a Radix dialog) is only needed on phones, once opened: its code loads then.
const MobileDrawer = lazy(() => import('./mobile-drawer'))

/**
 * A signed-in trader's "My trades" (with the trades waiting for them) and notifications bell: only this
 * renders again once the session is known; their code loads for signed-in traders only.
 */
function HeaderBell() {
  const { me } = useMe()
  const placeholder = <span aria-hidden="true" className="inline-block size-9" />
  return (
    me && (
      <>
        <Suspense fallback={placeholder}>
          <MyTradesLink />
        </Suspense>
        <Suspense fallback={placeholder}>
          <NotificationBell />
        </Suspense>
      </>
    )
  )
}

export function Header() {
  const [scrolled, setScrolled] = useState(false)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [drawerLoaded, setDrawerLoaded] = useState(false)
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  return (
    <header
      data-scrolled={scrolled || undefined}
      className="sticky top-0 z-40 border-transparent border-b bg-bg/60 backdrop-blur transition-[background-color,border-color,box-shadow] data-[scrolled]:border-line data-[scrolled]:bg-bg/95 data-[scrolled]:shadow-black/30 data-[scrolled]:shadow-lg"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        {/* Hidden on phones: hydrated where it is seen. */}
        <Part>
          <DesktopNav />
        </Part>
        <div className="ml-auto flex items-center gap-2">
          <HeaderBell />
          <AccountControl />
          <button
            type="button"
            className={`${buttonClass('ghost', 'sm')} md:hidden`}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerLoaded(true)
              setDrawerOpen(true)
            }}
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
    </header>
  )
}
