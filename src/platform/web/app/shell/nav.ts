import { useDiscordLinks } from '@/features/landing/web/public'

export interface NavLink {
  label: string
  /** A page of the site. */
  to?: string
  /** Served by the server (a redirect to Discord), so a full page load rather than a client navigation. */
  document?: boolean
  /** A Discord link: offered only when the server is configured with it. */
  discord?: 'server' | 'bot'
  children?: NavLink[]
}

/** The header menu (docs/product.md §15). */
export const HEADER_NAV: NavLink[] = [
  { label: 'Trading', to: '/trading' },
  { label: 'Values & WFL', to: '/values-and-wfl' },
  {
    label: 'Stock',
    children: [
      { label: 'Grow a Garden', to: '/grow-a-garden-stock' },
      { label: 'Blox Fruits', to: '/blox-fruits-stock' },
    ],
  },
  {
    label: 'Discord',
    children: [
      { label: 'Join Server', to: '/join-server', document: true, discord: 'server' },
      { label: 'Invite Bot', to: '/invite-bot', document: true, discord: 'bot' },
    ],
  },
  {
    label: 'Resources',
    children: [
      { label: 'Safe Sender Guide', to: '/safe-sender-guide' },
      { label: 'Guides', to: '/guides' },
      { label: 'Achievements', to: '/achievements' },
    ],
  },
]

/** Whether a link leads somewhere: a Discord link only where the server is configured with it. */
export function useIsOffered(): (link: { discord?: 'server' | 'bot' }) => boolean {
  const offered = useDiscordLinks()
  return (link) => !link.discord || offered[link.discord]
}

/** The header menu as offered: Discord links only where configured, a menu left empty dropped. */
export function useHeaderNav(): NavLink[] {
  const isOffered = useIsOffered()
  return HEADER_NAV.flatMap((item) => {
    if (!item.children) return isOffered(item) ? [item] : []
    const children = item.children.filter(isOffered)
    return children.length > 0 ? [{ ...item, children }] : []
  })
}
