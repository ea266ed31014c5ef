import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { defaultVariantOf, normalizeTrend } from '@/features/catalog/rules'
import { GAME_IDS } from '@/shared/games'
import { controlCharacterProblem } from '@/shared/text'

const nullableNumber = z.number().finite().nullable()

/** A name people read (pages, notifications, mail subjects, preview images): the names rule of the site. */
const nameSchema = (label: string) =>
  z
    .string()
    .min(1)
    .superRefine((name, ctx) => {
      const problem = controlCharacterProblem(name, label)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })

export const catalogFileSchema = z.object({
  game: z.object({
    id: z.enum(GAME_IDS),
    name: z.string().min(1),
    currency: z.string().min(1),
    valueUnit: z.string().min(1),
    variants: z.record(z.string(), z.string()).optional(),
  }),
  sources: z.array(z.string()),
  items: z.array(
    z
      .object({
        id: z.string().regex(/^[a-z0-9-]*$/),
        name: nameSchema('name'),
        category: z.string().nullable(),
        rarity: z.string().nullable(),
        inGamePrice: nullableNumber,
        robuxPrice: nullableNumber,
        value: nullableNumber,
        demand: z.number().min(0).max(10).nullable(),
        /** The source's spelling, read into the one vocabulary ("Untable" is Unstable, "SOON" no trend). */
        trend: z
          .string()
          .nullable()
          .optional()
          .transform((spelling, ctx) => {
            const trend = normalizeTrend(spelling)
            if (trend === undefined) ctx.addIssue({ code: 'custom', message: `unknown trend "${spelling}"` })
            return trend ?? null
          }),
        variants: z.record(z.string(), nullableNumber).optional(),
        notes: z.string().nullable().optional(),
        /** Former and other names search knows (Leopard for Tiger). */
        aliases: z.array(nameSchema('an alias')).optional(),
      })
      .transform((item) => ({ ...item, id: item.id || fallbackId(item.name) })),
  ),
})

/** A name with no letters or digits (one fish is named with an emoji) gets its code points as id. */
function fallbackId(name: string): string {
  return `item-${[...name].map((ch) => ch.codePointAt(0)!.toString(16)).join('-')}`
}

const catalogIndexSchema = z.object({
  games: z.array(
    z.object({
      /** `<game id>.json` */
      file: z.string().regex(/^[a-z0-9-]+\.json$/),
      valuesAsOf: z.iso.date(),
      /** What the public pages say the starting values were, in neutral words (never where they came from). */
      startingValues: z.string().min(1).max(200),
    }),
  ),
})

export type CatalogIndex = z.infer<typeof catalogIndexSchema>
export type CatalogFile = z.infer<typeof catalogFileSchema>
export type CatalogGame = CatalogFile & { valuesAsOf: Date; position: number }

/** Reads and validates the catalog's index.json: the files in display order, their dates and public words. */
export async function readCatalogIndex(dir: string): Promise<CatalogIndex> {
  return catalogIndexSchema.parse(JSON.parse(await readFile(path.join(dir, 'index.json'), 'utf8')))
}

/**
 * The items of a file whose value and default variant (Physical fruit, Fly Ride, Normal) differ: one
 * number with two names (decision 024), so a file may give both only when they agree.
 */
export function itemsWithTwoValues(file: CatalogFile): string[] {
  const key = defaultVariantOf(file.game.id)
  if (key === undefined) return []
  return file.items
    .filter((item) => item.variants && Object.hasOwn(item.variants, key) && item.variants[key] !== item.value)
    .map((item) => `${item.name}: value ${item.value}, ${key} ${item.variants?.[key]}`)
}

/** Reads and validates the catalog folder: index.json, then each game file it lists. */
export async function readCatalog(dir: string): Promise<CatalogGame[]> {
  const index = await readCatalogIndex(dir)
  return Promise.all(
    index.games.map(async (entry, position) => {
      const raw = JSON.parse(await readFile(path.join(dir, entry.file), 'utf8'))
      const parsed = catalogFileSchema.safeParse(raw)
      if (!parsed.success) throw new Error(`catalog/${entry.file}: ${z.prettifyError(parsed.error)}`)
      if (entry.file !== `${parsed.data.game.id}.json`)
        throw new Error(
          `catalog/${entry.file}: the file of game "${parsed.data.game.id}" must be named after it`,
        )
      const twoValues = itemsWithTwoValues(parsed.data)
      if (twoValues.length > 0)
        throw new Error(`catalog/${entry.file}: an item holds two values: ${twoValues.join('; ')}`)
      return { ...parsed.data, valuesAsOf: new Date(`${entry.valuesAsOf}T00:00:00Z`), position }
    }),
  )
}
