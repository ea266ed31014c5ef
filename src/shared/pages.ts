import { GAME_NAMES, type GameId, isGameId } from './games'

export const SITE_NAME = 'TradeHub'

export type SiteSection = 'Tools' | 'Stock' | 'Community' | 'Account' | 'Resources' | 'Company'

export interface PageInfo {
  /** A route pattern: `:name` matches one path segment. */
  path: string
  title: string
  description: string
  /** Where the site map (/sites) lists the page; omitted for pages not worth listing. */
  section?: SiteSection
  /** A concrete address of a pattern route: its link in the site map and the page the browser tests visit. */
  href?: string
  /** Search engines should not index it (personal or one-off pages). */
  noindex?: boolean
}

/**
 * Every page of the site, with the title and description it sets. The client's router and the
 * server's HTML head both read this list, so a page's meta tags are right before any script runs.
 */
const PAGE_LIST = [
  {
    path: '/',
    title: 'TradeHub — Roblox item values, WFL trade calculator and stock',
    description:
      'Item values and a win/fair/loss trade calculator for Blox Fruits, Grow a Garden, Adopt Me and five more Roblox games. Join the early-access launch list.',
    section: 'Tools',
  },
  {
    path: '/values-and-wfl',
    title: 'Item values & WFL calculator',
    description:
      'Search item values for eight Roblox games and check whether a trade is a win, fair or loss before you accept it.',
    section: 'Tools',
  },
  {
    path: '/trade-helper/:game',
    title: 'Trade helper',
    description: 'Check a trade for win, fair or loss with current item values.',
    section: 'Tools',
    href: '/trade-helper/blox-fruits',
  },
  {
    path: '/trading',
    title: 'Trade ads',
    description:
      'Open trade ads for eight Roblox games: what traders have and want, with item values and a win/fair/loss verdict. Make an offer or post your own.',
    section: 'Community',
  },
  {
    path: '/trading/new',
    title: 'Post a trade ad',
    description: 'Post a trade ad: the items you offer, what you want for them, and for how long.',
    noindex: true,
  },
  {
    path: '/trading/ad/:id',
    title: 'Trade ad',
    description: 'A trade ad: what the trader has and wants, with values, verdict and offers.',
  },
  {
    path: '/trading/mine',
    title: 'My trades',
    description: 'Your trade ads, the offers you sent and the offers you received.',
    section: 'Account',
    noindex: true,
  },
  // The marketplace's other fixed paths (/trading/mine…) go above: a path that matches
  // '/trading/:game' with no game is a 404.
  {
    path: '/trading/:game',
    title: 'Trade ads',
    description: 'Open trade ads of a Roblox game, with item values and a win/fair/loss verdict.',
    href: '/trading/blox-fruits',
  },
  {
    path: '/values/suggestions',
    title: 'Value suggestions',
    description:
      "Values traders suggest for Roblox items, with the community's votes and the value team's decisions.",
    section: 'Tools',
  },
  {
    path: '/values/:game/:item',
    href: '/values/blox-fruits/kitsune',
    title: 'Item value',
    description: 'Value, demand, trend and value history of a Roblox trading item.',
  },
  {
    path: '/how-values-are-set',
    title: 'How values are set',
    description:
      "Who sets TradeHub's item values, how often they change, what evidence counts, and when each game's values last changed.",
    section: 'Tools',
  },
  {
    path: '/values/changes',
    title: 'Value changes',
    description:
      'Every value change on TradeHub, newest first: the item, old and new value, why, and who changed it — by the value team, the official price import or a community suggestion.',
    section: 'Tools',
  },
  {
    path: '/grow-a-garden-stock',
    title: 'Grow a Garden stock',
    description:
      'Live Grow a Garden stock: what the seed, gear, egg, cosmetic and event shops and the traveling merchant sell now, restock countdowns and the weather.',
    section: 'Stock',
  },
  {
    path: '/blox-fruits-stock',
    title: 'Blox Fruits stock',
    description:
      'Live Blox Fruits stock: the fruits the Blox Fruit Dealer and the Mirage Dealer sell now, with prices, trade values and restock countdowns.',
    section: 'Stock',
  },
  {
    path: '/join-server',
    title: 'Join our Discord server',
    description: 'Join the TradeHub trading community on Discord.',
    section: 'Community',
  },
  {
    path: '/invite-bot',
    title: 'Invite the Discord bot',
    description: 'Add the TradeHub bot to your Discord server: values, trade checks and restock posts.',
    section: 'Community',
  },
  {
    path: '/guides',
    title: 'Trading guides',
    description: 'Guides to trading safely and fairly in Roblox games.',
    section: 'Community',
  },
  {
    path: '/guides/:slug',
    title: 'Trading guide',
    description: 'A TradeHub guide to trading in Roblox games.',
    href: '/guides/trading-safely',
  },
  {
    path: '/achievements',
    title: 'Achievements',
    description:
      'Trader achievements on TradeHub: every badge, how it is earned and how many traders hold it.',
    section: 'Community',
  },
  {
    path: '/referral-program',
    title: 'Referral Program',
    description:
      'Invite your trading friends to TradeHub with a link of your own and earn the Recruiter badge.',
    section: 'Community',
  },
  {
    path: '/sign-in',
    title: 'Sign in',
    description: 'Sign in to TradeHub to keep favorites and a trader profile.',
    section: 'Account',
    noindex: true,
  },
  {
    path: '/profile',
    title: 'Your profile',
    description: 'Your TradeHub profile, settings and connected accounts.',
    section: 'Account',
    noindex: true,
  },
  {
    path: '/notifications',
    title: 'Notifications',
    description: 'Your notifications, newest first: restocks, value changes and your trades.',
    section: 'Account',
    noindex: true,
  },
  {
    path: '/u/:username',
    title: 'Trader profile',
    description: 'A TradeHub trader: profile, links and favorite items.',
  },
  {
    path: '/verification',
    title: 'Trader verification',
    description: 'How trader verification works on TradeHub.',
    section: 'Account',
  },
  {
    path: '/verify',
    title: 'Trader verification',
    description: 'How trader verification works on TradeHub.',
  },
  {
    path: '/admin',
    title: 'Admin',
    description: 'TradeHub administration.',
    section: 'Account',
    noindex: true,
  },
  {
    path: '/admin/admins',
    title: 'Admins',
    description: 'The admins of TradeHub: add one by e-mail, remove one.',
    noindex: true,
  },
  {
    path: '/admin/stock-managers',
    title: 'Stock managers',
    description: 'The stock managers of Grow a Garden and Blox Fruits.',
    noindex: true,
  },
  {
    path: '/admin/value-editors',
    title: 'Value editors',
    description:
      'The value editors of each game: they change values, items and images, and review suggestions.',
    noindex: true,
  },
  {
    path: '/admin/moderators',
    title: 'Moderators',
    description: 'The moderators of TradeHub: they work the reports. Add one by e-mail, remove one.',
    noindex: true,
  },
  {
    path: '/admin/guide-editors',
    title: 'Guide editors',
    description:
      'The guide editors of TradeHub: they write and publish the guides. Add one by e-mail, remove one.',
    noindex: true,
  },
  {
    path: '/admin/middlemen',
    title: 'Middlemen',
    description:
      'The official middlemen of TradeHub: they take middleman requests. Add one by e-mail, remove one.',
    noindex: true,
  },
  {
    path: '/middleman',
    title: 'Middleman requests',
    description: 'The open middleman requests, the jobs taken and the games worked, for official middlemen.',
    noindex: true,
  },
  {
    path: '/admin/reports',
    title: 'Reports',
    description: 'Reported ads, messages, reviews, suggestions and users, to dismiss, hide, warn or suspend.',
    noindex: true,
  },
  {
    path: '/admin/disputes',
    title: 'Disputes',
    description: 'Disputes between traders.',
    noindex: true,
  },
  {
    path: '/admin/values',
    title: 'Value tools',
    description: "A game's items in one table to edit values, and bulk updates from CSV with a dry run.",
    noindex: true,
  },
  {
    path: '/admin/users',
    title: 'Users',
    description: 'Find a TradeHub user by e-mail, username or display name.',
    noindex: true,
  },
  {
    path: '/admin/users/:userId',
    title: 'User',
    description: 'One TradeHub user: roles, sign-in methods, suspension.',
    noindex: true,
  },
  {
    path: '/admin/launch-list',
    title: 'Launch list',
    description: 'The early-access list: sign-ups by status and a CSV export.',
    noindex: true,
  },
  {
    path: '/admin/contact',
    title: 'Contact messages',
    description: 'Messages sent with the contact form, to answer and close.',
    noindex: true,
  },
  {
    path: '/admin/mail',
    title: 'Mail queue',
    description: 'The outgoing mail of TradeHub by status, with failed mails to retry.',
    noindex: true,
  },
  {
    path: '/admin/audit',
    title: 'Audit log',
    description: 'Every admin and role action on TradeHub: who, what, when and from where.',
    noindex: true,
  },
  {
    path: '/admin/guides',
    title: 'Guides — Admin',
    description: 'Write and publish the guides.',
    noindex: true,
  },
  {
    path: '/admin/guides/:slug',
    title: 'Edit guide — Admin',
    description: 'Write and publish a guide.',
    noindex: true,
  },
  {
    path: '/admin/imports',
    title: 'Imports',
    description:
      'The official price imports of Pet Simulator 99 and PETS GO!: last run, result and Import now.',
    noindex: true,
  },
  {
    path: '/stock-management',
    title: 'Stock management',
    description: 'Update the live stock of Grow a Garden and Blox Fruits.',
    section: 'Account',
    noindex: true,
  },
  {
    path: '/safe-sender-guide',
    title: 'Safe sender guide',
    description:
      'Make sure TradeHub e-mails reach your inbox: step-by-step instructions for Gmail, Outlook and Yahoo Mail.',
    section: 'Resources',
  },
  {
    path: '/escrow-service',
    title: 'Escrow service',
    description:
      'The official TradeHub middlemen: how the service works, who they are, and a check of anyone who says they are one.',
    section: 'Resources',
  },
  {
    path: '/trust-and-security',
    title: 'Trust & security',
    description:
      'Verified traders, reviews, blocking and reports handled by moderators, with live figures, and how to trade without getting scammed.',
    section: 'Resources',
  },
  {
    path: '/dispute-center',
    title: 'Dispute center',
    description: 'What to do when a trade goes wrong.',
    section: 'Resources',
  },
  {
    path: '/dispute-center/new',
    title: 'Open a dispute',
    description: 'Open a dispute on a trade.',
    noindex: true,
  },
  {
    path: '/dispute-center/:id',
    title: 'Dispute',
    description: 'A dispute between two traders.',
    noindex: true,
  },
  {
    path: '/docs',
    title: 'Documentation',
    description: 'How TradeHub item values, the WFL calculator, stock trackers and the Discord bot work.',
    section: 'Resources',
  },
  {
    path: '/docs/api',
    title: 'API reference',
    description:
      'The TradeHub public API v1 for bots and sites: paths, parameters, answers, limits and API keys.',
    section: 'Resources',
  },
  {
    path: '/about',
    title: 'About TradeHub',
    description: 'Who builds TradeHub and why.',
    section: 'Company',
  },
  {
    path: '/contact',
    title: 'Contact',
    description: 'How to reach the TradeHub team.',
    section: 'Company',
  },
  {
    path: '/terms',
    title: 'Terms of service',
    description: 'The terms for using TradeHub.',
    section: 'Company',
  },
  {
    path: '/privacy',
    title: 'Privacy policy',
    description: 'What TradeHub stores about you, why, and how to have it removed.',
    section: 'Company',
  },
  {
    path: '/discord/connect',
    title: 'Connect Discord',
    description: 'Connect your Discord account to TradeHub to get your alerts as DMs from the TradeHub bot.',
    noindex: true,
  },
  {
    path: '/unsubscribe',
    title: 'Unsubscribe',
    description: 'Stop receiving TradeHub launch e-mails.',
    noindex: true,
  },
  {
    path: '/verify-subscription',
    title: 'Verify your subscription',
    description: 'Confirm your e-mail address for early launch access.',
    noindex: true,
  },
  {
    path: '/sites',
    title: 'Site map',
    description: 'Every page of TradeHub.',
    section: 'Resources',
  },
] as const satisfies readonly PageInfo[]

/** The path pattern of a page of the site. */
export type PagePath = (typeof PAGE_LIST)[number]['path']

export const PAGES: readonly (PageInfo & { path: PagePath })[] = PAGE_LIST

/** Paths that only send the visitor elsewhere. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/trade-helper': '/values-and-wfl',
  '/trading-options': '/trading',
  '/auth/callback': '/',
}

export const NOT_FOUND_PAGE: PageInfo = {
  path: '*',
  title: 'Page Not Found',
  description:
    'This page does not exist. Find item values, the trade helper and every page of TradeHub from here.',
  noindex: true,
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean)
  const got = pathname.split('/').filter(Boolean)
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!
    const g = got[i]!
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(g)
    else if (w !== g) return null
  }
  return params
}

/** A game's trade helper: its own title and description (search results, tabs, shared links). */
function tradeHelperPage(page: PageInfo, game: GameId): PageInfo {
  const name = GAME_NAMES[game]
  return {
    ...page,
    title: `${name} trade calculator and values`,
    description: `Check a ${name} trade for win, fair or loss with current ${name} item values, demand and trends.`,
  }
}

/** A game's trade ads: their own title and description. */
function tradingPage(page: PageInfo, game: GameId): PageInfo {
  const name = GAME_NAMES[game]
  return {
    ...page,
    title: `${name} trade ads`,
    description: `Open ${name} trade ads: what traders have and want, with ${name} item values and a win/fair/loss verdict.`,
  }
}

/** The page a path shows, or the 404 page. Pattern pages check their parameters where they can. */
export function matchPage(pathname: string): {
  page: PageInfo
  params: Record<string, string>
  found: boolean
} {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  for (const page of PAGES) {
    let params: Record<string, string> | null
    try {
      params = matchPattern(page.path, clean)
    } catch {
      params = null // malformed percent-encoding
    }
    if (!params) continue
    if (params.game !== undefined && !isGameId(params.game)) break
    return {
      page:
        page.path === '/trade-helper/:game'
          ? tradeHelperPage(page, params.game as GameId)
          : page.path === '/trading/:game'
            ? tradingPage(page, params.game as GameId)
            : page,
      params,
      found: true,
    }
  }
  return { page: NOT_FOUND_PAGE, params: {}, found: false }
}

export function fullTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`
}
