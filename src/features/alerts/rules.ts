/**
 * Alerts, the notification center and the site feed, free of zod (the pages use them): limits,
 * messages, what a rule matches and how it reads, and which Discord webhook addresses are accepted.
 */
import { formatNumber } from '@/shared/format-value'
import { isStockGame, STOCK_GAME_NAMES, type StockGameId } from '@/shared/games'
import { oddsFromNotes, STOCK_SHOPS, shopDefinition } from '../stock/rules'

export const ALERT_LIMITS = {
  maxWatches: 200,
  maxRules: 20,
  /** At most one alert mail per user in this many minutes; what happens meanwhile waits for the next. */
  emailIntervalMinutes: 15,
  webhookTimeoutMs: 5_000,
  /** A rule's "1 in N or rarer": N within these. */
  minRarerThan: 2,
  maxRarerThan: 100_000,
} as const

export { FEED_TIMING } from './feed-timing'

/** The feed's toast types in rotation order (docs/product.md §8). `sale` waits for the trade marketplace. */
export const FEED_TYPES = [
  'limited-time',
  'price-drop',
  'low-stock',
  'trending',
  'user-activity',
  'sale',
] as const
export type FeedType = (typeof FEED_TYPES)[number]

/** A stock item is "rare" for the feed at 1 in this many restocks or rarer (or at the mirage dealer). */
export const FEED_RARE_CHANCE = 50

export const ALERT_MESSAGES = {
  tooManyWatches: `You can watch at most ${ALERT_LIMITS.maxWatches} items. Remove one first.`,
  tooManyRules: `You can have at most ${ALERT_LIMITS.maxRules} alert rules. Remove one first.`,
  neverInShop: (name: string) => `${name} is never sold in a shop we track, so it has no restocks to watch`,
  noStockTracker: 'This game has no stock tracker: watch value changes instead',
  watchNothing: 'Choose restocks, value changes or both',
  ruleMatchesNothing: 'No item matches this rule: change the shop, category, rarity or odds',
  ruleNeedsCondition: 'Give at least one of shop, category, rarity or rarerThan',
  ruleNotFound: 'No alert rule with this id',
  ruleExists: 'You already have this alert rule',
  webhookHost: 'Use a Discord webhook address: https://discord.com/api/webhooks/…',
  webhookScheme: 'A Discord webhook address starts with https://',
  webhookCredentials: 'A webhook address cannot carry a user name or password',
  webhookPath: 'This is not a Discord webhook address (https://discord.com/api/webhooks/<id>/<token>)',
  webhookPrivate: 'A webhook address cannot point to a private or local network',
  noWebhook: 'Add a Discord webhook first',
  webhookGone:
    'Discord says your webhook no longer exists (404), so Discord alerts are switched off. Paste a new webhook address to turn them back on.',
  testSent: 'Test message sent to Discord',
} as const

/** The hosts of Discord webhooks. */
export const DISCORD_WEBHOOK_HOSTS = ['discord.com', 'discordapp.com'] as const

const WEBHOOK_PATH = /^\/api\/webhooks\/\d{5,30}\/[\w-]{20,200}\/?$/

/**
 * Why a Discord webhook address is refused, or null when it is accepted: https, a Discord host (or one of
 * `extraOrigins`, which only tests configure), no credentials, no port, the webhook path.
 */
export function webhookUrlProblem(value: string, extraOrigins: readonly string[] = []): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return ALERT_MESSAGES.webhookPath
  }
  if (url.username || url.password) return ALERT_MESSAGES.webhookCredentials
  if (extraOrigins.includes(url.origin))
    return WEBHOOK_PATH.test(url.pathname) ? null : ALERT_MESSAGES.webhookPath
  if (url.protocol !== 'https:') return ALERT_MESSAGES.webhookScheme
  if (isPrivateHost(url.hostname)) return ALERT_MESSAGES.webhookPrivate
  if (!(DISCORD_WEBHOOK_HOSTS as readonly string[]).includes(url.hostname) || url.port)
    return ALERT_MESSAGES.webhookHost
  if (!WEBHOOK_PATH.test(url.pathname) || url.search || url.hash) return ALERT_MESSAGES.webhookPath
  return null
}

/** Literal loopback, private, link-local and unique-local addresses, and local names. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    return true
  const v4 = host.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    )
  }
  if (host.includes(':')) {
    return (
      host === '::' ||
      host === '::1' ||
      host.startsWith('fc') ||
      host.startsWith('fd') ||
      host.startsWith('fe80') ||
      host.startsWith('::ffff:')
    )
  }
  return false
}

/** "https://discord.com/api/webhooks/1234…/…abcd": enough to recognise a webhook, never enough to use it. */
export function maskWebhookUrl(value: string): string {
  const url = new URL(value)
  const [, , , id = '', token = ''] = url.pathname.split('/')
  return `${url.origin}/api/webhooks/${id.slice(0, 4)}…/…${token.slice(-4)}`
}

// --- Rules ------------------------------------------------------------------------------------------

/** A rule on stock: any item of the game that fits every condition given. */
export interface AlertRuleConditions {
  game: StockGameId
  shop?: string | null
  category?: string | null
  rarity?: string | null
  /** "1 in N or rarer", from the item's restock odds in game data. */
  rarerThan?: number | null
}

/** What a rule needs to know of an item. */
export interface RuleItem {
  category: string | null
  rarity: string | null
  notes: string | null
}

/** Whether an item in `shop` (a report's shop; any shop of the game when omitted) fits the rule. */
export function ruleMatches(rule: AlertRuleConditions, item: RuleItem, shop?: string): boolean {
  if (rule.shop && shop !== undefined && rule.shop !== shop) return false
  if (rule.category && item.category !== rule.category) return false
  if (rule.rarity && item.rarity !== rule.rarity) return false
  if (rule.rarerThan) {
    const odds = oddsFromNotes(item.notes)
    if (!odds || odds.chance < rule.rarerThan) return false
  }
  const shops = rule.shop
    ? [rule.shop]
    : shop !== undefined
      ? [shop]
      : STOCK_SHOPS[rule.game].map((s) => s.id)
  return shops.some((id) => shopDefinition(rule.game, id)?.categories.includes(item.category ?? ''))
}

/** Whether an item of a game with stock is ever sold in one of its shops. */
export function soldInAShop(game: StockGameId, category: string | null): boolean {
  return STOCK_SHOPS[game].some((shop) => shop.categories.includes(category ?? ''))
}

/** Whether an item can have restocks: a stock game's item of a category some shop sells. */
export const hasRestocks = (game: string, category: string | null) =>
  isStockGame(game) && soldInAShop(game, category)

/** One tap (or /watch) watches value changes, and restocks when the item is ever sold in a shop. */
export const watchAllRequest = (target: {
  game: string
  category: string | null
}): { restock?: boolean; value: boolean } =>
  hasRestocks(target.game, target.category) ? { restock: true, value: true } : { value: true }

/** "Any Prismatic seed", "Any Mythical fruit at the Mirage Dealer", "Any egg, 1 in 50 or rarer". */
export function describeRule(rule: AlertRuleConditions): string {
  const noun = rule.category ? (rule.category === 'gear' ? 'gear' : rule.category) : 'item'
  let text = `Any ${rule.rarity ? `${rule.rarity} ` : ''}${noun}`
  if (rule.shop) text += ` at the ${shopDefinition(rule.game, rule.shop)?.name ?? rule.shop}`
  if (rule.rarerThan) text += `, 1 in ${formatNumber(rule.rarerThan, 3)} or rarer`
  return `${text} (${STOCK_GAME_NAMES[rule.game]})`
}

/** Kinds of alert mail a user can switch off one by one (the unsubscribe link names one). */
export const ALERT_EMAIL_KINDS = ['restock', 'value', 'trades'] as const
export type AlertEmailKind = (typeof ALERT_EMAIL_KINDS)[number]
