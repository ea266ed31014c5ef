/** The achievements' ids, names and rules, free of zod (issue 27, docs/decisions/038-achievements.md). */

/** Every achievement: computed from the site's data, never granted by hand. The ids are a contract. */
export const ACHIEVEMENT_IDS = [
  'og-member',
  'verified',
  'first-trade',
  'trades-10',
  'trades-50',
  'trades-100',
  'five-star',
  'value-contributor',
  'stock-reporter',
  'early-adopter',
  'middleman',
  'recruiter',
] as const
export type AchievementId = (typeof ACHIEVEMENT_IDS)[number]

/**
 * When the marketplace opened: the day its tables were added (migration 0014_trading, 26 November 2026).
 * An account made before it is an early adopter's.
 */
export const MARKETPLACE_OPENED_AT = '2026-11-26T12:00:00Z'

/** The thresholds the rules name. */
export const ACHIEVEMENT_LIMITS = {
  fiveStarReviews: 10,
  fiveStarAverage: 4.8,
  /** Traders who joined through one's invite link and traded with someone else, for the Recruiter badge. */
  recruits: 1,
  /** The achievements shown beside a trader's name on ads (the newest). */
  onAds: 3,
} as const

export interface AchievementInfo {
  id: AchievementId
  name: string
  /** How it is earned, in the words of the achievements page. */
  rule: string
  /** A small picture (an emoji); its accessible name is the achievement's name. */
  icon: string
}

/** The achievements in the order the pages list them. */
export const ACHIEVEMENTS: readonly AchievementInfo[] = [
  {
    id: 'og-member',
    name: 'OG member',
    rule: 'Your account’s e-mail is on the early-access launch list and was confirmed.',
    icon: '🌟',
  },
  { id: 'verified', name: 'Verified', rule: 'You verified your Roblox account.', icon: '✅' },
  { id: 'first-trade', name: 'First trade', rule: 'You completed a first trade.', icon: '🤝' },
  { id: 'trades-10', name: '10 trades', rule: 'You completed 10 trades.', icon: '🥉' },
  { id: 'trades-50', name: '50 trades', rule: 'You completed 50 trades.', icon: '🥈' },
  { id: 'trades-100', name: '100 trades', rule: 'You completed 100 trades.', icon: '🥇' },
  {
    id: 'five-star',
    name: 'Five stars',
    rule: `You received at least ${ACHIEVEMENT_LIMITS.fiveStarReviews} reviews averaging ${ACHIEVEMENT_LIMITS.fiveStarAverage} stars or more.`,
    icon: '⭐',
  },
  {
    id: 'value-contributor',
    name: 'Value contributor',
    rule: 'The value team approved a value suggestion of yours.',
    icon: '📈',
  },
  {
    id: 'stock-reporter',
    name: 'Stock reporter',
    rule: 'As a stock manager, you posted stock reports.',
    icon: '📦',
  },
  {
    id: 'early-adopter',
    name: 'Early adopter',
    rule: 'You created your account before the marketplace opened on 26 November 2026.',
    icon: '🌱',
  },
  { id: 'middleman', name: 'Middleman', rule: 'You completed a middleman job.', icon: '🛡️' },
  {
    id: 'recruiter',
    name: 'Recruiter',
    rule: 'A trader joined through your invite link and completed a trade with someone other than you.',
    icon: '📣',
  },
]

/** The facts the rules are checked against, one trader's. */
export interface AchievementFacts {
  onLaunchList: boolean
  robloxVerified: boolean
  completedTrades: number
  reviews: number
  averageRating: number | null
  approvedSuggestions: number
  stockReportsAsManager: number
  createdAt: Date
  middlemanJobsDone: number
  recruits: number
}

/** Each rule as a check of the facts. */
export const ACHIEVEMENT_CHECKS: Record<AchievementId, (f: AchievementFacts) => boolean> = {
  'og-member': (f) => f.onLaunchList,
  verified: (f) => f.robloxVerified,
  'first-trade': (f) => f.completedTrades >= 1,
  'trades-10': (f) => f.completedTrades >= 10,
  'trades-50': (f) => f.completedTrades >= 50,
  'trades-100': (f) => f.completedTrades >= 100,
  'five-star': (f) =>
    f.reviews >= ACHIEVEMENT_LIMITS.fiveStarReviews &&
    (f.averageRating ?? 0) >= ACHIEVEMENT_LIMITS.fiveStarAverage,
  'value-contributor': (f) => f.approvedSuggestions > 0,
  'stock-reporter': (f) => f.stockReportsAsManager > 0,
  'early-adopter': (f) => f.createdAt.getTime() < Date.parse(MARKETPLACE_OPENED_AT),
  middleman: (f) => f.middlemanJobsDone > 0,
  recruiter: (f) => f.recruits >= ACHIEVEMENT_LIMITS.recruits,
}

/** The achievements these facts earn. */
export const earnedBy = (facts: AchievementFacts): AchievementId[] =>
  ACHIEVEMENT_IDS.filter((id) => ACHIEVEMENT_CHECKS[id](facts))

/** The cookie the invite link (/r/{username}) leaves: the inviter's username, read when the account is made. */
export const REFERRAL_COOKIE = 'tradehub_ref'
export const REFERRAL_COOKIE_DAYS = 30
