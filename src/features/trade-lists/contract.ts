/**
 * The contracts of have/want lists and matches: a trader's lists per game, the open ads that match them
 * with the verdict for the trader, and the lists a trader shows on their profile.
 */
import { z } from 'zod'
import { GAME_IDS } from '@/shared/games'
import { text } from '@/shared/text'
import { USERNAME_MAX } from '../accounts/username-rules'
import { ITEM_ID_PATTERN } from '../catalog/rules'
import { tradeAdSchema, tradeSlotSchema, tradeWflSchema } from '../trading/contract'
import { TRADE_LIST_LIMITS } from './rules'

export * from './rules'

const L = TRADE_LIST_LIMITS
const gameMessage = `game must be one of ${GAME_IDS.join(', ')}`
const quantityMessage = `quantity must be a whole number from 1 to ${L.maxQuantity}`

// --- Requests ---------------------------------------------------------------------------------------

/** One entry of a list: an item of the game, a variant it has (none: any), how many (1). */
export const tradeListEntryRequestSchema = z.strictObject({
  item: z
    .string({ error: 'item must be an item id' })
    .regex(ITEM_ID_PATTERN, 'item must be an item id (lowercase letters, digits and dashes)'),
  variant: text('variant', { min: 1, max: 60, noControlCharacters: true }).optional(),
  quantity: z
    .number({ error: quantityMessage })
    .int(quantityMessage)
    .min(1, quantityMessage)
    .max(L.maxQuantity, quantityMessage)
    .optional(),
})
export type TradeListEntryRequest = z.input<typeof tradeListEntryRequestSchema>

const list = (name: string) =>
  z
    .array(tradeListEntryRequestSchema, { error: `${name} must be a list of items` })
    .max(L.maxPerList, `${name} can hold at most ${L.maxPerList} items`)

/**
 * PUT /api/me/lists/:game: both lists of the game, replaced. `public`: shown on the trader's profile
 * (absent: as it was; new lists are private).
 */
export const tradeListsRequestSchema = z.strictObject({
  have: list('have'),
  want: list('want'),
  public: z.boolean({ error: 'public must be true or false' }).optional(),
})
export type TradeListsRequest = z.input<typeof tradeListsRequestSchema>

/** GET /api/me/matches?game= (absent: every game the trader has lists of). */
export const matchesQuerySchema = z.strictObject({
  game: z.enum(GAME_IDS, { error: gameMessage }).optional(),
})

/** `:username` of /api/users/:username/lists */
export const listsUsernameParamSchema = z.strictObject({
  username: text('username', { min: 1, max: USERNAME_MAX })
    .toLowerCase()
    .regex(/^[a-z0-9_]+$/, 'username must be a username'),
})

// --- Answers ----------------------------------------------------------------------------------------

/** One entry as stored: the variant null when any will do. */
export const tradeListEntrySchema = z.object({
  item: z.string(),
  variant: z.string().nullable(),
  quantity: z.number().int(),
})
export type TradeListEntry = z.infer<typeof tradeListEntrySchema>

/** GET (and PUT) /api/me/lists/:game: the trader's lists of the game, and whether they are public. */
export const tradeListsResponseSchema = z.object({
  game: z.enum(GAME_IDS),
  have: z.array(tradeListEntrySchema),
  want: z.array(tradeListEntrySchema),
  public: z.boolean(),
  /** When they were last saved, null: never. */
  updatedAt: z.string().nullable(),
})
export type TradeListsResponse = z.infer<typeof tradeListsResponseSchema>

/**
 * One ad matching my lists: it offers something I want and asks for something I have (or "any"). `give`:
 * the items it asks for that I have (as many as it asks, at most as many as I have); `get`: what it
 * offers. `wfl` is my verdict (I give `offering`, get `requesting`), by the calculator's rule.
 */
export const tradeMatchSchema = z.object({
  ad: tradeAdSchema,
  give: z.array(tradeSlotSchema),
  get: z.array(tradeSlotSchema),
  wfl: tradeWflSchema,
  /** It asks for "any": an offer of other items may do. */
  any: z.boolean(),
  /** How many of my wanted items it offers, and how many of my items it asks for. */
  wanted: z.number().int(),
  had: z.number().int(),
})
export type TradeMatch = z.infer<typeof tradeMatchSchema>

/** GET /api/me/matches: the best first, with the server's time. */
export const tradeMatchesResponseSchema = z.object({
  matches: z.array(tradeMatchSchema),
  now: z.string(),
})
export type TradeMatchesResponse = z.infer<typeof tradeMatchesResponseSchema>

/** An entry as a profile shows it: the item's name and image. */
export const shownListEntrySchema = tradeListEntrySchema.extend({
  name: z.string(),
  image: z.string().nullable(),
})
export type ShownListEntry = z.infer<typeof shownListEntrySchema>

/** GET /api/users/:username/lists: the lists the trader made public, by game (games in menu order). */
export const publicTradeListsResponseSchema = z.object({
  lists: z.array(
    z.object({
      game: z.enum(GAME_IDS),
      have: z.array(shownListEntrySchema),
      want: z.array(shownListEntrySchema),
      updatedAt: z.string(),
    }),
  ),
})
export type PublicTradeListsResponse = z.infer<typeof publicTradeListsResponseSchema>
