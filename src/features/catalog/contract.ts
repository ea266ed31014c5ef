import { z } from 'zod'
import { GAME_IDS } from '@/shared/games'
import { text } from '@/shared/text'
import { GAG_VARIANTS, type GagVariant, MAX_AGE, MAX_KG, MIN_AGE, MIN_KG } from './gag-modifiers'
import { ITEM_ID_PATTERN, ITEM_SORTS, MAX_IDS_PER_REQUEST, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from './rules'
import { DEFAULT_FAIR_BAND, FAIR_BANDS, MAX_QUANTITY, MAX_SLOTS_PER_SIDE, parseFairBand } from './wfl'
import { parseTradeParam } from './wfl-links'

export const gameSchema = z.object({
  id: z.enum(GAME_IDS),
  name: z.string(),
  currency: z.string(),
  valueUnit: z.string(),
  variantLabels: z.record(z.string(), z.string()).nullable(),
  /**
   * What the game's starting values were, in neutral public words ("community trade values"), and the
   * day they were taken (YYYY-MM-DD); null for a game the catalog does not list.
   */
  startingValues: z.object({ basis: z.string(), asOf: z.iso.date() }).nullable(),
  itemCount: z.number().int(),
  valuedCount: z.number().int(),
  /** When a value of this game last changed (ISO), null when none has a value. */
  lastValueChangeAt: z.string().nullable(),
  /**
   * Where the game's values come from: each source that changed one of its values and when it last did,
   * latest first (a change of an item's other fields only is left out); empty when none has a value.
   */
  valueSources: z
    .array(
      z.object({
        source: z
          .string()
          .describe(
            "'official-rap' (the official price import), 'editor' (the value team), 'suggestion' (a community suggestion) or 'catalog' (the starting values)",
          ),
        lastAt: z.string(),
      }),
    )
    .describe('Where the values come from, latest first'),
})
export type Game = z.infer<typeof gameSchema>

export const gamesResponseSchema = z.object({ games: z.array(gameSchema) })
export type GamesResponse = z.infer<typeof gamesResponseSchema>

/** An item as listed (values page, calculator, search). */
export const itemSummarySchema = z.object({
  gameId: z.enum(GAME_IDS),
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  rarity: z.string().nullable(),
  /** null: the item has no value yet (never shown as 0). */
  value: z.number().nullable(),
  variants: z.record(z.string(), z.number().nullable()).nullable(),
  demand: z.number().nullable(),
  trend: z.string().nullable(),
  inGamePrice: z.number().nullable(),
  robuxPrice: z.number().nullable(),
  valueChangedAt: z.string().nullable(),
  /** The last change of the value: its whole percent (null from or to no value) and when. */
  lastChange: z.object({ percent: z.number().nullable(), at: z.string() }).nullable(),
  /** Address of the item's image without its size (`${image}-128.webp`, `-256.webp`); null: a generated tile. */
  image: z.string().nullable(),
  /** Retired: gone from lists and pickers; its page and old share links still open and say so. */
  retired: z.boolean(),
})
export type ItemSummary = z.infer<typeof itemSummarySchema>

export const itemSchema = itemSummarySchema.extend({
  notes: z.string().nullable(),
  /** Former and other names search knows. */
  aliases: z.array(z.string()),
  /** Where the value comes from and when that source last gave it. */
  valueSource: z.string().nullable(),
  valueSourceAt: z.string().nullable(),
  /** How many exist, per variant (official counts), null when unknown. */
  existCounts: z.record(z.string(), z.number()).nullable(),
})
export type Item = z.infer<typeof itemSchema>

export const valuePointSchema = z.object({
  at: z.string(),
  oldValue: z.number().nullable(),
  newValue: z.number().nullable(),
  source: z.string(),
})
export type ValuePoint = z.infer<typeof valuePointSchema>

export const itemDetailResponseSchema = z.object({
  game: gameSchema,
  item: itemSchema,
  history: z.array(valuePointSchema),
  similar: z.array(itemSummarySchema),
})
export type ItemDetailResponse = z.infer<typeof itemDetailResponseSchema>

/** A whole-number query parameter from `min` to `max`, `fallback` when absent. */
export const intParam = (name: string, min: number, max: number, fallback: number) =>
  text(name, { max: 20, messages: { tooLong: `${name} must be a whole number` } })
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(
      z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`),
    )
    .optional()
    .transform((v) => v ?? fallback)

/** `ids=a,b,c`: 1 to `max` item ids separated by commas. */
export const itemIdsParam = (max: number) =>
  text('ids', { max: max * 121, messages: { tooLong: `at most ${max} ids` } })
    .transform((s) => s.split(','))
    .pipe(
      z
        .array(z.string().regex(ITEM_ID_PATTERN, 'ids must be item ids separated by commas'))
        .min(1)
        .max(max, `at most ${max} ids`),
    )

const idList = itemIdsParam(MAX_IDS_PER_REQUEST)

/** GET /api/games/:game/items */
export const itemListQuerySchema = z.strictObject({
  search: text('search', {
    max: MAX_SEARCH_LENGTH,
    messages: { tooLong: `search must be at most ${MAX_SEARCH_LENGTH} characters` },
  }).optional(),
  category: text('category', { max: 60 }).optional(),
  rarity: text('rarity', { max: 60 }).optional(),
  sort: z.enum(ITEM_SORTS, { error: `sort must be one of ${ITEM_SORTS.join(', ')}` }).default('value'),
  page: intParam('page', 1, 10_000, 1),
  pageSize: intParam('pageSize', 1, MAX_PAGE_SIZE, 50),
  /** Exactly these items, in this order (a shared trade); unknown ids are a 400. */
  ids: idList.optional(),
})
export type ItemListQuery = z.output<typeof itemListQuerySchema>

export const itemListResponseSchema = z.object({
  gameId: z.enum(GAME_IDS),
  items: z.array(itemSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: z.object({ categories: z.array(z.string()), rarities: z.array(z.string()) }),
})
export type ItemListResponse = z.infer<typeof itemListResponseSchema>

/** GET /api/items?search= : every game at once. */
export const searchQuerySchema = z.strictObject({
  search: text('search', {
    min: 1,
    max: MAX_SEARCH_LENGTH,
    messages: {
      tooShort: 'search is required',
      tooLong: `search must be at most ${MAX_SEARCH_LENGTH} characters`,
    },
  }),
  limit: intParam('limit', 1, MAX_PAGE_SIZE, 30),
})
export const searchResponseSchema = z.object({ items: z.array(itemSummarySchema), total: z.number().int() })
export type SearchResponse = z.infer<typeof searchResponseSchema>

export const historyQuerySchema = z.strictObject({ limit: intParam('limit', 1, 1000, 500) })

export const changesResponseSchema = z.object({
  changes: z.array(valuePointSchema.extend({ itemId: z.string(), itemName: z.string() })),
})
export type ChangesResponse = z.infer<typeof changesResponseSchema>

/**
 * One side of a trade in a share link: `itemId[~variant][!mutations][_kg][@age][*quantity]` or a typed
 * amount `$700M`, comma-separated; any malformed part is a 400.
 */
const tradeSide = (side: 'give' | 'get') =>
  text(side, { max: 4000, messages: { tooLong: 'a trade side must be at most 4000 characters' } })
    .optional()
    .transform((value, ctx) => {
      const { slots, dropped } = parseTradeParam(value ?? null)
      for (const part of dropped) {
        ctx.addIssue({
          code: 'custom',
          message: `"${part.slice(0, 80)}" is not a slot (itemId[~variant][!mutations][_kg][@age][*quantity] or an amount such as $700M, known mutations, ${MIN_KG} to ${MAX_KG} kg, age ${MIN_AGE} to ${MAX_AGE}, quantity 1 to ${MAX_QUANTITY}, at most ${MAX_SLOTS_PER_SIDE} slots)`,
        })
      }
      return slots
    })

/** GET /api/games/:game/trade?give=&get=&band= : a shared trade evaluated by the server. */
export const tradeQuerySchema = z.strictObject({
  give: tradeSide('give'),
  get: tradeSide('get'),
  band: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return DEFAULT_FAIR_BAND
      const band = parseFairBand(v)
      if (band === null)
        ctx.addIssue({ code: 'custom', message: `band must be one of ${FAIR_BANDS.join(', ')}` })
      return band ?? DEFAULT_FAIR_BAND
    }),
})
export type TradeQuery = z.output<typeof tradeQuerySchema>

const tradeSlotSchema = z.object({
  itemId: z.string(),
  quantity: z.number().int(),
  variant: z.string().optional(),
  modifiers: z
    .object({
      variant: z.enum(Object.keys(GAG_VARIANTS) as [GagVariant, ...GagVariant[]]).optional(),
      mutations: z.array(z.string()).optional(),
      kg: z.number().optional(),
      age: z.number().optional(),
    })
    .optional(),
  /** A typed amount of the game's value units (`$700M` in a link); its itemId is `$`. */
  amount: z.number().optional(),
})
const sideResultSchema = z.object({
  total: z.number(),
  /** The total exactly, as a decimal text (`57000000000000000000000`): totals are summed without float noise. */
  exactTotal: z.string(),
  valuedCount: z.number().int(),
  unvalued: z.array(tradeSlotSchema),
})
export const tradeResponseSchema = z.object({
  gameId: z.enum(GAME_IDS),
  band: z.number().int(),
  rule: z.string(),
  /** e.g. `Win: 2 items for 1 — Kitsune + Dough for Dragon` */
  title: z.string(),
  trade: z.object({ give: z.array(tradeSlotSchema), get: z.array(tradeSlotSchema) }),
  items: z.array(itemSummarySchema),
  result: z.object({
    give: sideResultSchema,
    get: sideResultSchema,
    difference: z.number(),
    /** The difference exactly, as a decimal text. */
    exactDifference: z.string(),
    percent: z.number(),
    verdict: z.enum(['win', 'fair', 'loss']).nullable(),
    confidence: z.enum(['high', 'medium', 'low']),
    lowDemandItems: z.array(z.string()),
    beliRefused: z.boolean(),
  }),
})
export type TradeResponse = z.infer<typeof tradeResponseSchema>
