import { z } from 'zod'
import { GAME_IDS } from './games'

export const gameSchema = z.object({
  id: z.enum(GAME_IDS),
  name: z.string(),
  currency: z.string(),
  valueUnit: z.string(),
  variantLabels: z.record(z.string(), z.string()).nullable(),
  itemCount: z.number().int(),
  valuedCount: z.number().int(),
})
export type Game = z.infer<typeof gameSchema>

export const gamesResponseSchema = z.object({ games: z.array(gameSchema) })

export const itemSchema = z.object({
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
  notes: z.string().nullable(),
  valueChangedAt: z.iso.datetime({ offset: true }).nullable(),
})
export type Item = z.infer<typeof itemSchema>

export const itemResponseSchema = z.object({ item: itemSchema, game: gameSchema })

export const itemParamsSchema = z.object({
  game: z.enum(GAME_IDS, { error: 'Unknown game' }),
  item: z.string().regex(/^[a-z0-9-]{1,120}$/, 'Malformed item id'),
})
