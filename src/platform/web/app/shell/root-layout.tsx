import { useEffect, useLayoutEffect, useRef } from 'react'
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router'
import { SiteFeed } from '@/features/feed/web/public'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ToasterSlot } from '@/platform/web/components/ui/toaster'
import { applyPageMeta } from '@/platform/web/lib/page-meta'
import { Part, whenHydrated } from '@/platform/web/lib/part'
import { matchPage } from '@/shared/pages'
import { Footer } from './footer'
import { Header } from './header'

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent px-3 py-2 text-accent-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Part>
        <Header />
      </Part>
      <Part>
        <main id="main" className="flex-1">
          {children}
        </main>
      </Part>
      <Part>
        <Footer />
      </Part>
      <ToasterSlot />
    </div>
  )
}

export function RootLayout() {
  const { pathname } = useLocation()
  const navigation = useNavigation()
  // After React's first commit its parts hydrate in tasks of their own, a part waiting for its code
  // as the server sent it; once every part has its code, the page is the app's: what the browser
  // journeys wait for.
  useEffect(() => {
    void whenHydrated().then(() => {
      document.documentElement.dataset.app = 'ready'
    })
  }, [])
  // The page the server sent has its own title and description already (an item's, a profile's).
  const serverMeta = useRef(typeof document !== 'undefined' && document.getElementById('page-data') !== null)
  // Layout effects run before the pages' own effects, so a page with data can still override these.
  useLayoutEffect(() => {
    if (serverMeta.current) {
      serverMeta.current = false
      return
    }
    const { page } = matchPage(pathname)
    applyPageMeta(page.title, page.description)
  }, [pathname])

  return (
    <Frame>
      {navigation.state === 'loading' && (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-accent" />
      )}
      <Outlet />
      <ScrollRestoration />
      <SiteFeed />
    </Frame>
  )
}

/** Shown while the first page's code loads. */
export function ShellLoading() {
  return (
    <Frame>
      <Spinner />
    </Frame>
  )
}
