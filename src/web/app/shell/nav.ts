export interface NavLink {
  label: string
  /** A page of the site. */
  to?: string
  /** Served by the server (a redirect to Discord), so a full page load rather than a client navigation. */
  document?: boolean
  /** Not a link: shows the Coming Soon toast. */
  comingSoon?: boolean
  children?: NavLink[]
}

/** The header menu of the specification (section 2). */
export const HEADER_NAV: NavLink[] = [
  { label: 'Trading', comingSoon: true },
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
      { label: 'Join Server', to: '/join-server', document: true },
      { label: 'Invite Bot', to: '/invite-bot', document: true },
    ],
  },
  {
    label: 'Resources',
    children: [
      { label: 'Safe Sender Guide', to: '/safe-sender-guide' },
      { label: 'Guides', comingSoon: true },
      { label: 'Achievements', comingSoon: true },
    ],
  },
]
