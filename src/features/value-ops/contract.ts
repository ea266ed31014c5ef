import { z } from 'zod'
import { TRENDS } from '@/features/catalog/rules'
import { parseValue } from '@/shared/format-value'
import { GAME_IDS } from '@/shared/games'
import { text } from '@/shared/text'
import { intParam } from '../catalog/contract'
import { ITEM_ID_PATTERN } from '../catalog/rules'
import { IMPORT_KINDS, VALUE_LIMITS, VALUE_MESSAGES, VALUE_SOURCES } from './rules'

export * from './rules'

const L = VALUE_LIMITS

/**
 * A value, price or variant value from 0 to 1e30: a number, or text in the notation the site shows
 * ("700M", "80K", "1.5B", "2Sx", "640,000,000"), read by the one parser (no NaN, no infinity).
 */
export const amount = (label: string) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be a number from 0 to 1e30`,
    })
    .transform((input, ctx) => {
      if (typeof input === 'number') return input
      if (input.trim() === '') {
        ctx.addIssue({ code: 'custom', message: `${label} is required`, input })
        return z.NEVER
      }
      const parsed = parseValue(input)
      if (parsed.ok) return parsed.value
      ctx.addIssue({ code: 'custom', message: parsed.problem, input })
      return z.NEVER
    })
    .pipe(z.number().min(0, `${label} cannot be negative`).max(L.maxValue, `${label} must be at most 1e30`))

export const reasonSchema = text('reason', {
  min: 1,
  max: L.reasonMax,
  messages: {
    required: VALUE_MESSAGES.reasonRequired,
    tooShort: VALUE_MESSAGES.reasonRequired,
    tooLong: `reason must be ${L.reasonMax} characters or less`,
  },
})

const label = (name: string) => text(name, { min: 1, max: L.labelMax, noControlCharacters: true }).nullable()

/** The fields an editor may set on an item; each optional (absent: unchanged; null: cleared). */
export const itemFieldsSchema = z.strictObject({
  name: text('name', { min: 1, max: L.nameMax, noControlCharacters: true }),
  value: amount('value').nullable(),
  variants: z
    .record(
      z.string().regex(/^[a-z0-9-]{1,40}$/, 'variant names are lowercase words joined by hyphens'),
      amount('a variant value').nullable(),
    )
    .refine((v) => Object.keys(v).length <= 20, 'at most 20 variants')
    .nullable(),
  demand: z
    .number({ error: `demand must be a number from 0 to ${L.maxDemand}` })
    .min(0, `demand must be from 0 to ${L.maxDemand}`)
    .max(L.maxDemand, `demand must be from 0 to ${L.maxDemand}`)
    .nullable(),
  trend: z.enum(TRENDS, { error: `trend must be one of ${TRENDS.join(', ')}` }).nullable(),
  category: label('category'),
  rarity: label('rarity'),
  inGamePrice: amount('inGamePrice').nullable(),
  robuxPrice: amount('robuxPrice').nullable(),
  notes: text('notes', { max: L.notesMax }).nullable(),
  aliases: z
    .array(text('an alias', { min: 1, max: L.aliasMax, noControlCharacters: true }))
    .max(L.aliasesMax, `at most ${L.aliasesMax} other names`),
})
export type ItemFields = z.infer<typeof itemFieldsSchema>

/** PATCH /api/admin/items/:game/:item */
export const itemEditRequestSchema = itemFieldsSchema
  .partial()
  .extend({ reason: reasonSchema })
  .refine((body) => Object.keys(body).some((k) => k !== 'reason'), {
    message: VALUE_MESSAGES.nothingToChange,
  })
export type ItemEditRequest = z.input<typeof itemEditRequestSchema>
/** The edit as the server reads it (values as numbers). */
export type ItemEdit = z.output<typeof itemEditRequestSchema>

/** POST /api/admin/items/:game: a new item (its id from its name unless given). */
export const newItemRequestSchema = itemFieldsSchema.partial().extend({
  id: z.string().regex(ITEM_ID_PATTERN, 'id must be lowercase letters, digits and hyphens').optional(),
  name: itemFieldsSchema.shape.name,
  reason: reasonSchema,
})
export type NewItemRequest = z.input<typeof newItemRequestSchema>
export type NewItem = z.output<typeof newItemRequestSchema>

/** POST /api/admin/items/:game/:item/retire */
export const retireRequestSchema = z.strictObject({ reason: reasonSchema })

/** POST /api/admin/items/:game/bulk: CSV `id,value[,demand,trend]`, checked (dryRun) or applied. */
export const bulkRequestSchema = z.strictObject({
  csv: text('csv', {
    min: 1,
    max: L.bulkCsvMax,
    trim: false,
    messages: { tooShort: 'Paste or upload a CSV file', tooLong: 'The CSV file is larger than 512 KB' },
  }),
  reason: reasonSchema,
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(true),
})
export type BulkRequest = z.input<typeof bulkRequestSchema>

const bulkFieldsSchema = z.object({
  value: z.number().nullable(),
  demand: z.number().nullable(),
  trend: z.string().nullable(),
})
export const bulkResponseSchema = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  changed: z.array(
    z.object({
      line: z.number().int(),
      id: z.string(),
      name: z.string(),
      old: bulkFieldsSchema,
      new: bulkFieldsSchema,
    }),
  ),
  unchanged: z.array(z.object({ line: z.number().int(), id: z.string() })),
  unknown: z.array(z.object({ line: z.number().int(), id: z.string() })),
  invalid: z.array(z.object({ line: z.number().int(), problem: z.string() })),
})
export type BulkResponse = z.infer<typeof bulkResponseSchema>

/** One entry of the public change log. */
export const changeEntrySchema = z.object({
  id: z.number().int(),
  gameId: z.enum(GAME_IDS),
  itemId: z.string(),
  itemName: z.string(),
  at: z.string(),
  oldValue: z.number().nullable(),
  newValue: z.number().nullable(),
  /** Whole percent, null when the old value was none or 0. */
  percent: z.number().nullable(),
  fields: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })).nullable(),
  reason: z.string().nullable(),
  source: z.enum(VALUE_SOURCES),
  /** The editor's public username (null for an import, or an account without one). */
  by: z.string().nullable(),
  /** The suggestion it applied, crediting its author. */
  suggestion: z.object({ id: z.number().int(), by: z.string().nullable() }).nullable(),
})
export type ChangeEntry = z.infer<typeof changeEntrySchema>

/** GET /api/changes */
export const changesQuerySchema = z.strictObject({
  game: z.enum(GAME_IDS, { error: `game must be one of ${GAME_IDS.join(', ')}` }).optional(),
  source: z.enum(VALUE_SOURCES, { error: `source must be one of ${VALUE_SOURCES.join(', ')}` }).optional(),
  page: intParam('page', 1, 10_000, 1),
  pageSize: intParam('pageSize', 1, VALUE_LIMITS.changesPageSize, VALUE_LIMITS.changesPageSize),
})
export type ChangesQuery = z.output<typeof changesQuerySchema>
export const changeLogResponseSchema = z.object({
  changes: z.array(changeEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
})
export type ChangeLogResponse = z.infer<typeof changeLogResponseSchema>

/** POST /api/games/:game/items/:item/suggestions */
export const suggestionRequestSchema = z.strictObject({
  value: amount('value'),
  reason: reasonSchema,
  evidenceUrl: text('evidenceUrl', { max: L.evidenceUrlMax })
    .url('evidenceUrl must be a link (https://…)')
    .refine((u) => /^https?:\/\//i.test(u), 'evidenceUrl must start with http:// or https://')
    .optional(),
})
export type SuggestionRequest = z.input<typeof suggestionRequestSchema>
export type NewSuggestion = z.output<typeof suggestionRequestSchema>

/** PUT /api/suggestions/:id/vote: up, down, or 0 to take the vote back. */
export const voteRequestSchema = z.strictObject({
  vote: z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: 'vote must be 1, -1 or 0' }),
})
export type VoteRequest = z.infer<typeof voteRequestSchema>

/** POST /api/suggestions/:id/approve (note optional) and /reject (note required). */
export const approveRequestSchema = z.strictObject({
  note: text('note', { max: L.noteMax }).optional(),
})
export const rejectRequestSchema = z.strictObject({
  note: text('note', {
    min: 1,
    max: L.noteMax,
    messages: {
      tooShort: VALUE_MESSAGES.rejectNoteRequired,
      required: VALUE_MESSAGES.rejectNoteRequired,
    },
  }),
})

export const suggestionIdParamSchema = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'Suggestion not found')
    .transform(Number),
})

export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected'] as const
export const suggestionSchema = z.object({
  id: z.number().int(),
  gameId: z.enum(GAME_IDS),
  itemId: z.string(),
  itemName: z.string(),
  /** The item's value when the suggestion was listed. */
  currentValue: z.number().nullable(),
  value: z.number(),
  reason: z.string(),
  evidenceUrl: z.string().nullable(),
  status: z.enum(SUGGESTION_STATUSES),
  note: z.string().nullable(),
  by: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  up: z.number().int(),
  down: z.number().int(),
  /** The signed-in user's vote (0: none; always 0 for a visitor). */
  myVote: z.number().int(),
  mine: z.boolean(),
  /**
   * Whether the signed-in user may decide it (while it is open): an editor of its game who is not its
   * author (`decisionRefusal`, roles/policy.ts); always false for a visitor.
   */
  mayDecide: z.boolean(),
})
export type Suggestion = z.infer<typeof suggestionSchema>

/** GET /api/suggestions (the page /values/suggestions) */
export const suggestionsQuerySchema = z.strictObject({
  game: z.enum(GAME_IDS, { error: `game must be one of ${GAME_IDS.join(', ')}` }).optional(),
  status: z
    .enum(SUGGESTION_STATUSES, { error: `status must be one of ${SUGGESTION_STATUSES.join(', ')}` })
    .default('pending'),
  page: intParam('page', 1, 10_000, 1),
})
export type SuggestionsQuery = z.output<typeof suggestionsQuerySchema>
export const suggestionListResponseSchema = z.object({
  suggestions: z.array(suggestionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
})
export type SuggestionListResponse = z.infer<typeof suggestionListResponseSchema>

/** The official price import of one game, as the admin area's Imports section shows it. */
export const importStatusSchema = z.object({
  gameId: z.enum(GAME_IDS),
  /** false when VALUE_IMPORT_INTERVAL_MINUTES is 0 (Import now still works). */
  scheduled: z.boolean(),
  running: z.boolean(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  ok: z.boolean().nullable(),
  result: z.string().nullable(),
  counts: z.record(z.string(), z.number()).nullable(),
  nextRunAt: z.string().nullable(),
  unknownItems: z.array(z.string()),
})
export type ImportStatus = z.infer<typeof importStatusSchema>
export const importsResponseSchema = z.object({ imports: z.array(importStatusSchema) })
export type ImportsResponse = z.infer<typeof importsResponseSchema>

/**
 * An import whose last run failed, for the signed-in staff member (GET /api/admin/imports/attention):
 * what the admin area's notices show. A picture import that ran but missed some pictures is no failure.
 */
export const importProblemSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  gameId: z.enum(GAME_IDS),
  failedAt: z.iso.datetime(),
  /** Why it failed, as the import wrote it. */
  reason: z.string(),
  /** Where it is looked into and run again: the game's import on /admin/imports, its pictures on /admin/values. */
  href: z.string(),
})
export type ImportProblem = z.infer<typeof importProblemSchema>
export const importProblemsResponseSchema = z.object({ problems: z.array(importProblemSchema) })
export type ImportProblemsResponse = z.infer<typeof importProblemsResponseSchema>
