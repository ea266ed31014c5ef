/**
 * The contracts of alerts (watchlist, rules, delivery settings), the notification center and the site
 * feed: request and response shapes used by the server's validators and the pages.
 */
import { z } from 'zod'
import { GAME_IDS, STOCK_GAMES } from '@/shared/games'
import { text } from '@/shared/text'
import { ALERT_LIMITS, ALERT_MESSAGES, FEED_TYPES } from './rules'

export * from './rules'

// --- Watchlist ------------------------------------------------------------------------------------

/** PUT /api/watchlist/:game/:item — what to be told about, and how (in-app always). */
export const watchRequestSchema = z
  .strictObject({
    restock: z.boolean().optional(),
    value: z.boolean().optional(),
    /** This watch's alerts also by e-mail / Discord, when those are set up (default: yes). */
    email: z.boolean().optional(),
    discord: z.boolean().optional(),
  })
  .refine((w) => Object.keys(w).length > 0, { message: ALERT_MESSAGES.watchNothing })
export type WatchRequest = z.input<typeof watchRequestSchema>

export const watchSchema = z.object({
  game: z.enum(GAME_IDS),
  item: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  rarity: z.string().nullable(),
  restock: z.boolean(),
  value: z.boolean(),
  email: z.boolean(),
  discord: z.boolean(),
  createdAt: z.string(),
})
export type Watch = z.infer<typeof watchSchema>

/** GET /api/watchlist */
export const watchlistResponseSchema = z.object({ watches: z.array(watchSchema) })
export type WatchlistResponse = z.infer<typeof watchlistResponseSchema>

/** PUT answers the watch as it is now; DELETE (or a PUT with both kinds off) answers `watch: null`. */
export const watchResponseSchema = z.object({ watch: watchSchema.nullable() })
export type WatchResponse = z.infer<typeof watchResponseSchema>

// --- Rules ------------------------------------------------------------------------------------------

const rarerThanMessage = `rarerThan must be a whole number from ${ALERT_LIMITS.minRarerThan} to ${ALERT_LIMITS.maxRarerThan}`

/** POST /api/alert-rules — any stock item of a game that fits every condition given. */
export const alertRuleRequestSchema = z
  .strictObject({
    game: z.enum(STOCK_GAMES, { error: 'game must be grow-a-garden or blox-fruits' }),
    shop: text('shop', { min: 1, max: 50 }).optional(),
    category: text('category', { min: 1, max: 50 }).optional(),
    rarity: text('rarity', { min: 1, max: 50 }).optional(),
    rarerThan: z
      .number({ error: rarerThanMessage })
      .int(rarerThanMessage)
      .min(ALERT_LIMITS.minRarerThan, rarerThanMessage)
      .max(ALERT_LIMITS.maxRarerThan, rarerThanMessage)
      .optional(),
    email: z.boolean().optional(),
    discord: z.boolean().optional(),
  })
  .refine((r) => r.shop || r.category || r.rarity || r.rarerThan, {
    message: ALERT_MESSAGES.ruleNeedsCondition,
    path: ['shop'],
  })
export type AlertRuleRequest = z.input<typeof alertRuleRequestSchema>

export const alertRuleSchema = z.object({
  id: z.number().int(),
  game: z.enum(STOCK_GAMES),
  shop: z.string().nullable(),
  category: z.string().nullable(),
  rarity: z.string().nullable(),
  rarerThan: z.number().int().nullable(),
  email: z.boolean(),
  discord: z.boolean(),
  /** "Any Prismatic seed (Grow a Garden)" */
  description: z.string(),
  /** How many catalog items fit it now. */
  matches: z.number().int(),
  createdAt: z.string(),
})
export type AlertRule = z.infer<typeof alertRuleSchema>

export const alertRulesResponseSchema = z.object({ rules: z.array(alertRuleSchema) })
export type AlertRulesResponse = z.infer<typeof alertRulesResponseSchema>

export const alertRuleParamsSchema = z.strictObject({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER),
})

// --- Delivery settings ----------------------------------------------------------------------------

const emailKinds = z.strictObject({
  restock: z.boolean().optional(),
  value: z.boolean().optional(),
  trades: z.boolean().optional(),
})

/**
 * PUT /api/alert-settings — e-mail on or off (every kind, or each: restocks, value changes, trades), the
 * Discord webhook address (null removes it), and whether trades go to Discord too. The server checks the
 * address again (host, scheme, credentials, private networks).
 */
export const alertSettingsRequestSchema = z
  .strictObject({
    email: z.union([z.boolean(), emailKinds]).optional(),
    discordWebhookUrl: text('discordWebhookUrl', { min: 1, max: 500 }).nullable().optional(),
    discordTrades: z.boolean({ error: 'discordTrades must be true or false' }).optional(),
  })
  .refine(
    (s) => s.email !== undefined || s.discordWebhookUrl !== undefined || s.discordTrades !== undefined,
    { message: 'Give email, discordWebhookUrl or discordTrades' },
  )
export type AlertSettingsRequest = z.input<typeof alertSettingsRequestSchema>

export const alertSettingsSchema = z.object({
  email: z.object({ restock: z.boolean(), value: z.boolean(), trades: z.boolean() }),
  /** Where alert mails go (the account's e-mail). */
  emailAddress: z.string(),
  discord: z.object({
    /** The webhook address, masked: never shown back in full. */
    webhook: z.string().nullable(),
    enabled: z.boolean(),
    /** The marketplace's notices are posted there too (while a webhook is on). */
    trades: z.boolean(),
    /** Why Discord alerts stopped (the webhook answered 404), until a new address is saved. */
    problem: z.string().nullable(),
  }),
})
export type AlertSettings = z.infer<typeof alertSettingsSchema>

// --- Alert mail unsubscribe -----------------------------------------------------------------------

/** What an alert mail's unsubscribe link switches off: one kind, or all (a mail that had several). */
export const ALERT_UNSUBSCRIBE_KINDS = ['restock', 'value', 'trades', 'all'] as const
export type AlertUnsubscribeKind = (typeof ALERT_UNSUBSCRIBE_KINDS)[number]

export const ALERT_UNSUBSCRIBE_MESSAGES = {
  invalid:
    'This unsubscribe link is not valid. Sign in and switch alert e-mails off in your profile, under Alerts.',
  confirm: {
    restock: 'Stop restock alert e-mails',
    value: 'Stop value change alert e-mails',
    trades: 'Stop trade e-mails',
    all: 'Stop all alert e-mails',
  },
  done: {
    restock: 'You will get no more restock alert e-mails. Your alerts still show on the site.',
    value: 'You will get no more value change alert e-mails. Your alerts still show on the site.',
    trades: 'You will get no more trade e-mails. Your trade notifications still show on the site.',
    all: 'You will get no more alert e-mails. Your alerts still show on the site.',
  },
} as const

/**
 * POST /api/alert-unsubscribe?kind=&token= — one click (RFC 8058) from an alert mail switches that kind
 * of alert mail off; GET answers a page with a button that does it.
 */
export const alertUnsubscribeQuerySchema = z.strictObject({
  kind: z.enum(ALERT_UNSUBSCRIBE_KINDS, { error: 'kind must be restock, value, trades or all' }),
  token: z
    .string({ error: ALERT_UNSUBSCRIBE_MESSAGES.invalid })
    .min(20, ALERT_UNSUBSCRIBE_MESSAGES.invalid)
    .max(300, ALERT_UNSUBSCRIBE_MESSAGES.invalid),
})

export const alertUnsubscribeResponseSchema = z.object({ unsubscribed: z.enum(ALERT_UNSUBSCRIBE_KINDS) })

// --- Feed -------------------------------------------------------------------------------------------

/** One toast the feed may show: a real event of the site, with the page it links to. */
export const feedItemSchema = z.object({
  type: z.enum(FEED_TYPES),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  /** When it happened (price drops, counts' period end). */
  at: z.string().nullable(),
  /** Until when it holds (an item in stock now): the toast counts down to it. */
  endsAt: z.string().nullable(),
})
export type FeedItem = z.infer<typeof feedItemSchema>

/** GET /api/feed — candidates by type; a type with nothing real is absent. */
export const feedResponseSchema = z.object({
  generatedAt: z.string(),
  items: z.array(feedItemSchema),
})
export type FeedResponse = z.infer<typeof feedResponseSchema>
