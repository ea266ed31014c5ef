/**
 * The stock trackers' rules, free of zod (the pages use them): the shops of each game with stock, their
 * restock clocks, weather, limits and messages. catalog/README.md "Shop / stock mechanics" and
 * docs/product.md §5 give the facts.
 */
import { formatNumber } from '@/shared/format-value'
import { STOCK_GAME_NAMES, type StockGameId } from '@/shared/games'

/**
 * `clock`: restocks on boundaries of a fixed period (UTC, epoch-aligned plus an offset).
 * `visit`: appears for a while (the traveling merchant): each report gives its start and end.
 */
export type ShopKind = 'clock' | 'visit'

export interface ShopDefinition {
  id: string
  name: string
  kind: ShopKind
  /** Clock shops: seconds between restocks. Visits: how long a visit lasts when a report does not say. */
  periodSeconds: number
  /** Clock shops: seconds after 00:00 UTC at which the clock starts (0: aligned to midnight UTC). */
  offsetSeconds: number
  /** Catalog categories the stock editor offers for this shop. */
  categories: readonly string[]
  /**
   * Whether the shop sells a counted quantity of each item (a report gives each one's quantity).
   * Grow a Garden's shops do (the game's stock lists carry them); Blox Fruits' dealers do not: a fruit
   * is on sale or not (the game's dealer list is `{ Name, Price, OnSale }`). `shopHasQuantities`.
   */
  quantities: boolean
}

const MINUTE = 60
const HOUR = 60 * MINUTE

export const STOCK_SHOPS: Record<StockGameId, readonly ShopDefinition[]> = {
  'grow-a-garden': [
    {
      id: 'seeds',
      name: 'Seed Shop',
      kind: 'clock',
      periodSeconds: 5 * MINUTE,
      offsetSeconds: 0,
      categories: ['seed'],
      quantities: true,
    },
    {
      id: 'gear',
      name: 'Gear Shop',
      kind: 'clock',
      periodSeconds: 5 * MINUTE,
      offsetSeconds: 0,
      categories: ['gear'],
      quantities: true,
    },
    {
      id: 'eggs',
      name: 'Egg Shop',
      kind: 'clock',
      periodSeconds: 30 * MINUTE,
      offsetSeconds: 0,
      categories: ['egg'],
      quantities: true,
    },
    {
      id: 'cosmetics',
      name: 'Cosmetic Shop',
      kind: 'clock',
      periodSeconds: 4 * HOUR,
      offsetSeconds: 0,
      categories: ['cosmetic'],
      quantities: true,
    },
    {
      id: 'event',
      name: 'Event Shop',
      kind: 'clock',
      periodSeconds: HOUR,
      offsetSeconds: 0,
      categories: ['seed', 'gear', 'egg', 'cosmetic'],
      quantities: true,
    },
    {
      id: 'traveling-merchant',
      name: 'Traveling Merchant',
      kind: 'visit',
      periodSeconds: 30 * MINUTE,
      offsetSeconds: 0,
      categories: ['seed', 'gear', 'egg', 'cosmetic'],
      quantities: true,
    },
  ],
  'blox-fruits': [
    {
      id: 'normal',
      name: 'Blox Fruit Dealer',
      kind: 'clock',
      periodSeconds: 4 * HOUR,
      offsetSeconds: 0,
      categories: ['fruit'],
      quantities: false,
    },
    {
      id: 'mirage',
      name: 'Mirage Dealer',
      kind: 'clock',
      periodSeconds: 2 * HOUR,
      offsetSeconds: 0,
      categories: ['fruit'],
      quantities: false,
    },
  ],
}

export function shopDefinition(game: StockGameId, shop: string): ShopDefinition | undefined {
  return STOCK_SHOPS[game].find((s) => s.id === shop)
}

/**
 * Whether a shop's reports give quantities (`ShopDefinition.quantities`): the stock form asks for one,
 * the server stores one and the pages and the feed show it only then. Weather has no items to count.
 */
export const shopHasQuantities = (game: StockGameId, shop: string): boolean =>
  shopDefinition(game, shop)?.quantities ?? false

/** The weather of Grow a Garden, as bots name it (`weather_id`). Weather is reported like a visit. */
export const WEATHER: Record<string, string> = {
  rain: 'Rain',
  thunderstorm: 'Thunderstorm',
  heatwave: 'Heatwave',
  tornado: 'Tornado',
  windy: 'Windy',
  gale: 'Gale',
  auroraborealis: 'Aurora Borealis',
  bloodmoonevent: 'Blood Moon',
  meteorshower: 'Meteor Shower',
  tropicalrain: 'Tropical Rain',
  sandstorm: 'Sandstorm',
  nightevent: 'Night',
  sungod: 'Sun God',
  megaharvest: 'Mega Harvest',
  summerharvest: 'Summer Harvest',
  spacetravel: 'Space Travel',
  disco: 'Disco',
  blackhole: 'Black Hole',
}
/** The pseudo-shop of weather reports. */
export const WEATHER_SHOP = 'weather'
/** A weather report without an end lasts this long. */
export const WEATHER_DEFAULT_SECONDS = 5 * MINUTE

/** Which games have weather. */
export const hasWeather = (game: StockGameId) => game === 'grow-a-garden'

/** Categories of catalog items a stock manager may add per game (items missing from the catalog). */
export const STOCK_ITEM_CATEGORIES: Record<StockGameId, readonly string[]> = {
  'grow-a-garden': ['seed', 'gear', 'egg', 'cosmetic'],
  'blox-fruits': ['fruit'],
}

export const STOCK_RARITIES: Record<StockGameId, readonly string[]> = {
  'grow-a-garden': [
    'Common',
    'Uncommon',
    'Rare',
    'Legendary',
    'Mythical',
    'Divine',
    'Prismatic',
    'Transcendent',
  ],
  'blox-fruits': ['Common', 'Uncommon', 'Rare', 'Legendary', 'Mythical'],
}

/** Rarities that stand out on the stock pages. */
export const RARE_RARITIES = new Set(['Legendary', 'Mythical', 'Divine', 'Prismatic', 'Transcendent'])

export const STOCK_LIMITS = {
  maxItems: 100,
  minQuantity: 1,
  maxQuantity: 999,
  /** A clock may run a little ahead of ours. */
  futureSkewSeconds: 5,
  /**
   * The longest visit or weather a report may give (endsAt - startsAt). Weather lasts minutes (rain,
   * about 5 min) to about an hour for events, the traveling merchant stays 30 min: 6 h leaves room for a
   * long event and refuses a visit without end (a bot's "year 3000").
   */
  maxVisitSeconds: 6 * HOUR,
  /** How long ago a visit or weather may have started: a report is of what is on now, or was today. */
  maxVisitAgeSeconds: 24 * HOUR,
  historyPageSize: 20,
  tokenNameMax: 50,
  maxTokensPerGame: 50,
  /** Reports per minute per ingest token. */
  reportsPerTokenPerMinute: 60,
  /**
   * Refused token attempts (unknown, revoked, stopped, another game's) one address may make in
   * `failedTokenWindowSeconds` before its token posts are refused until the window ends: a bot left with
   * a wrong token retrying every 15 s is stopped within 5 min, and nobody can hammer the token lookup.
   */
  failedTokenAttemptsPerAddress: 20,
  failedTokenWindowSeconds: 10 * MINUTE,
} as const

export const STOCK_MESSAGES = {
  noTracker: 'This game has no stock tracker',
  unknownShop: (shop: string, game: StockGameId) => `Unknown shop "${shop}" for ${STOCK_GAME_NAMES[game]}`,
  shopOff: (name: string) => `${name} is switched off`,
  unknownItems: (ids: string[], game: StockGameId) =>
    `Unknown item${ids.length > 1 ? 's' : ''} for ${STOCK_GAME_NAMES[game]}: ${ids.join(', ')}`,
  duplicateItem: (id: string) => `${id} is listed twice`,
  unknownWeather: (id: string) => `Unknown weather "${id}"`,
  weatherNeeded: 'A weather report names its weather',
  noItemsForWeather: 'A weather report has no items',
  quantityNeeded: (shop: string, item: string) =>
    `The ${shop} sells in quantities: give ${item} a quantity from ${STOCK_LIMITS.minQuantity} to ${STOCK_LIMITS.maxQuantity}`,
  future: 'observedAt is in the future',
  outsideWindow: 'observedAt is outside the current restock window',
  endBeforeStart: 'endsAt must be after startsAt',
  visitTooLong: (name: string) =>
    `${name} lasts at most ${formatDuration(STOCK_LIMITS.maxVisitSeconds)}: endsAt must be within ${formatDuration(STOCK_LIMITS.maxVisitSeconds)} of startsAt`,
  visitTooOld: (name: string) =>
    `${name}: startsAt is more than ${formatDuration(STOCK_LIMITS.maxVisitAgeSeconds)} ago (report a visit or weather while it is on)`,
  notSold: (shop: string, items: readonly { id: string; category: string | null }[]) =>
    `The ${shop} does not sell ${items.map((i) => `${i.id} (${i.category ?? 'no category'})`).join(', ')}`,
  badToken: 'This ingest token is not valid',
  revokedToken: 'This ingest token was revoked',
  otherGameToken: (game: StockGameId) => `This ingest token is not for ${STOCK_GAME_NAMES[game]}`,
  tokenRateLimited: 'Too many reports with this token. Try again in a minute.',
  tokenAttemptsRateLimited: 'Too many refused ingest tokens from this address. Try again in a few minutes.',
  tokenNotFound: 'No ingest token with this id',
  tooManyTokens: `A game has at most ${50} ingest tokens: revoke one first`,
  tokenStopped: (game: StockGameId) =>
    `This ingest token stopped working: its creator can no longer manage ${STOCK_GAME_NAMES[game]}`,
  itemExists: (name: string) => `${name} is already in the catalog`,
  unknownCategory: (category: string) => `Unknown category "${category}"`,
  unknownRarity: (rarity: string) => `Unknown rarity "${rarity}"`,
  emptyCommunityReport: 'Give shop and items, or the stock lists of a Grow a Garden bot (seed_stock, …)',
} as const

// --- Sources of reports ------------------------------------------------------------------------

/** What reports stock: a stock manager (session), a bot (ingest token), or the game feed (issue 39). */
export const STOCK_SOURCES = ['manager', 'bot', 'feed'] as const
export type StockSourceKind = (typeof STOCK_SOURCES)[number]

/** How the pages name each source. */
export const STOCK_SOURCE_LABELS: Record<StockSourceKind, string> = {
  manager: 'Stock manager',
  bot: 'Bot',
  feed: 'Game feed',
}

/** The upstream feed's timing (docs/decisions/049-stock-feed.md). */
export const STOCK_FEED = {
  /** Read again this often after a restock until the feed has the new stock (feeds lag the game). */
  retryMs: 15_000,
  /** Third-party feeds run 1-1.5 min behind the game: a list without dates is taken as new after this. */
  lagMs: 90_000,
  /** An instance's claim on a read, should it die while reading. */
  leaseMs: 60_000,
  /** The longest a read may take. */
  timeoutMs: 10_000,
  /** The largest answer read. */
  maxBytes: 2 * 1024 * 1024,
  /** Unknown items kept per game (the oldest seen go first). */
  maxUnknown: 200,
  /** The header the feed's key is sent in (JStudio's API asks for `jstudio-key`). */
  keyHeader: 'jstudio-key',
  /** How reports of the feed are named. */
  sourceName: 'Game feed',
} as const

// --- Ingest tokens -----------------------------------------------------------------------------

/**
 * Why a token that is not revoked is refused: a token acts for the account that created it, so it
 * works only while that account may manage the game (checked on every use). Its creator's account was
 * deleted, is suspended, or has lost the stock manager (or admin) role. Given back the right, the
 * creator's tokens work again; revoking a token ends it for good.
 */
export const TOKEN_STOP_REASONS = ['creator-gone', 'creator-suspended', 'creator-not-manager'] as const
export type TokenStopReason = (typeof TOKEN_STOP_REASONS)[number]

/** What the token list says of a stopped token. */
export const TOKEN_STOP_LABELS: Record<TokenStopReason, (game: StockGameId) => string> = {
  'creator-gone': () => 'Stopped: its creator’s account was deleted',
  'creator-suspended': () => 'Stopped: its creator is suspended',
  'creator-not-manager': (game) => `Stopped: its creator can no longer manage ${STOCK_GAME_NAMES[game]}`,
}

// --- Clocks ---------------------------------------------------------------------------------------

export interface StockWindow {
  /** Epoch milliseconds. */
  start: number
  end: number
}

/** The restock window of a clock with `periodSeconds` and `offsetSeconds` that holds `at` (epoch ms). */
export function windowAt(clock: { periodSeconds: number; offsetSeconds: number }, at: number): StockWindow {
  const period = clock.periodSeconds * 1000
  const offset = (((clock.offsetSeconds * 1000) % period) + period) % period
  const start = Math.floor((at - offset) / period) * period + offset
  return { start, end: start + period }
}

/** "4:05" or "1:02:03" for a countdown. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m)
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`
}

/** "17 h 30 min", "45 min", "2 d 3 h" for an average interval. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${Math.max(1, minutes)} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}

// --- Odds from game data ----------------------------------------------------------------------------

export interface StockOdds {
  /** The item is in a restock with a chance of 1 in `chance`. */
  chance: number
  minQuantity: number | null
  maxQuantity: number | null
}

/** The odds the catalog's notes carry from game data ("restock chance 1 in 210, stock 1-1"), or null. */
export function oddsFromNotes(notes: string | null | undefined): StockOdds | null {
  const chance = notes?.match(/restock chance 1 in ([\d,]+)/i)
  if (!chance) return null
  const range = notes?.match(/stock (\d+)\s*-\s*(\d+)/i)
  return {
    chance: Number(chance[1]!.replace(/,/g, '')),
    minQuantity: range ? Number(range[1]) : null,
    maxQuantity: range ? Number(range[2]) : null,
  }
}

/** "in about 1 of 210 restocks — on average every 17 h 30 min" */
export function describeOdds(odds: StockOdds, periodSeconds: number): string {
  if (odds.chance <= 1) return 'in every restock'
  return `in about 1 of ${formatNumber(odds.chance, 3)} restocks — on average every ${formatDuration(odds.chance * periodSeconds)}`
}

/** A catalog id from a bot's item id or a name: "Green_Apple" and "Green Apple" give "green-apple". */
export function slugOf(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
