import { Link } from 'react-router'
import { useSignedIn } from '@/features/accounts/web/public'
import { FeedSwitch } from '@/features/feed/web/public'
import { Logo } from './logo'
import { useIsOffered } from './nav'

interface FooterLink {
  label: string
  to: string
  document?: boolean
  discord?: 'server' | 'bot'
  /** Only for a visitor (a signed-in trader has the header's menu and Profile). */
  visitor?: boolean
}

/** The footer columns (docs/product.md §15). */
const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'About',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    title: 'Trading',
    links: [
      { label: 'Item Values', to: '/values-and-wfl' },
      { label: 'Trade ads', to: '/trading' },
    ],
  },
  {
    title: 'Community',
    links: [
      { label: 'Discord Bot', to: '/invite-bot', document: true, discord: 'bot' },
      { label: 'Trading Server', to: '/join-server', document: true, discord: 'server' },
      { label: 'Referral Program', to: '/referral-program' },
      { label: 'Guides', to: '/guides' },
      { label: 'Achievements', to: '/achievements' },
    ],
  },
  {
    title: 'Account',
    links: [
      { label: 'Sign In', to: '/sign-in', visitor: true },
      { label: 'Profile', to: '/profile' },
      { label: 'Verification', to: '/verification' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', to: '/docs' },
      { label: 'Discord Chat', to: '/join-server', document: true, discord: 'server' },
      { label: 'Terms', to: '/terms' },
      { label: 'Privacy', to: '/privacy' },
    ],
  },
]

export function Footer() {
  const isOffered = useIsOffered()
  const signedIn = useSignedIn()
  const shown = (link: FooterLink) => isOffered(link) && !(signedIn && link.visitor)
  return (
    <footer className="mt-16 border-line border-t bg-surface/40 [contain-intrinsic-size:auto_28rem] [content-visibility:auto]">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_repeat(5,1fr)]">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-muted text-sm">
            Item values, a fair-trade calculator and stock trackers for Roblox traders.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:contents">
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={`Footer: ${column.title}`}>
              <h2 className="font-semibold text-ink text-sm">{column.title}</h2>
              {/* Each link a target of at least 24 px (WCAG 2.2 target size). */}
              <ul className="mt-2 space-y-1 text-sm">
                {column.links.filter(shown).map((link) => (
                  <li key={link.label} className="flex min-h-7 items-center text-muted">
                    <Link
                      to={link.to}
                      reloadDocument={link.document}
                      className="inline-flex min-h-7 items-center hover:text-ink"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-line border-t">
        <p className="mx-auto max-w-6xl px-4 py-5 text-muted text-xs sm:px-6">
          © {new Date().getFullYear()} TradeHub · Not affiliated with Roblox Corporation or any game studio. ·{' '}
          <Link to="/sites" className="inline-flex min-h-6 items-center hover:text-ink">
            Site map
          </Link>{' '}
          · <FeedSwitch />
        </p>
      </div>
    </footer>
  )
}
