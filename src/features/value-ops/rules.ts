import type { AdminNotice } from '@/features/admin/contract'
import { GAME_NAMES, type GameId } from '@/shared/games'

/** Where a value came from (change records and the change log's filter): the catalog's words. */
export { VALUE_SOURCE_LABELS, VALUE_SOURCES, type ValueSource } from '@/features/catalog/labels'

/** Limits of the value team's tools and of suggestions. */
export const VALUE_LIMITS = {
  /** Largest value, price or variant value accepted (values reach 1e24). */
  maxValue: 1e30,
  maxDemand: 10,
  reasonMax: 500,
  noteMax: 500,
  notesMax: 2000,
  nameMax: 80,
  labelMax: 60,
  aliasMax: 60,
  aliasesMax: 20,
  evidenceUrlMax: 500,
  /** Rows of one bulk update (a game has at most ~1,400 items). */
  bulkRowsMax: 5000,
  bulkCsvMax: 512 * 1024,
  suggestionsPerDay: 10,
  /** Votes a user may cast per minute. */
  votesPerMinute: 30,
  imageMaxBytes: 2 * 1024 * 1024,
  imageSizes: [128, 256] as const,
  changesPageSize: 50,
} as const

/** The fields an editor changes (besides value and variants), as the change log names them. */
export const EDITABLE_FIELDS = [
  'name',
  'value',
  'variants',
  'demand',
  'trend',
  'category',
  'rarity',
  'inGamePrice',
  'robuxPrice',
  'notes',
  'aliases',
] as const
export type EditableField = (typeof EDITABLE_FIELDS)[number]
export const FIELD_LABELS: Record<EditableField, string> = {
  name: 'Name',
  value: 'Value',
  variants: 'Variant values',
  demand: 'Demand',
  trend: 'Trend',
  category: 'Category',
  rarity: 'Rarity',
  inGamePrice: 'In-game price',
  robuxPrice: 'Robux price',
  notes: 'Notes',
  aliases: 'Other names',
}

/** The counts of an import run, in the order the Imports section shows them. */
export const IMPORT_COUNT_LABELS = {
  fetched: 'Prices fetched',
  matched: 'Matched',
  changed: 'Values changed',
  unchanged: 'Unchanged',
  unknown: 'Unknown items',
  skipped: 'Skipped',
  exists: 'Exist counts',
} as const
export type ImportCount = keyof typeof IMPORT_COUNT_LABELS

/**
 * The imports the admin area warns about when their last run failed: a game's official prices
 * (/admin/imports) and a game's pictures (item-images, on /admin/values).
 */
export const IMPORT_KINDS = ['prices', 'pictures'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

/** What a notice calls each kind ("The Pet Simulator 99 price import failed …") and its link's words. */
export const IMPORT_KIND_WORDS: Record<ImportKind, { name: string; open: string }> = {
  prices: { name: 'price import', open: 'Open Imports' },
  pictures: { name: 'picture import', open: 'Open the pictures' },
}

/** "… answered HTTP 503." : a reason as the end of a sentence. */
const asSentence = (reason: string) => {
  const trimmed = reason.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

/**
 * A failed import (an ImportProblem of the contract) as the admin area's notice says it: "The Pet
 * Simulator 99 price import failed 2 hours ago: /api/rap answered HTTP 503. Open Imports". The admin
 * dashboard (through admin's overviewNotices) and /admin/values say it alike.
 */
export function importNotice(problem: {
  kind: ImportKind
  gameId: GameId
  failedAt: string
  reason: string
  href: string
}): AdminNotice {
  const words = IMPORT_KIND_WORDS[problem.kind]
  return {
    id: `import-${problem.kind}-${problem.gameId}`,
    title: `The ${GAME_NAMES[problem.gameId]} ${words.name} failed`,
    at: problem.failedAt,
    detail: asSentence(problem.reason),
    href: problem.href,
    link: words.open,
  }
}

/** The messages of the value tools. */
export const VALUE_MESSAGES = {
  reasonRequired: 'Give a reason for this change',
  nothingToChange: 'Change at least one field',
  retired: 'This item is retired',
  itemTaken: (id: string) => `An item with the id ${id} already exists`,
  oneOpenSuggestion: 'You already have an open suggestion for this item',
  suggestionsPerDay: 'You can make 10 suggestions a day. Try again tomorrow.',
  usernameFirst: 'Choose a username before suggesting values',
  suspended: 'Your account is suspended',
  suggestionClosed: 'This suggestion is no longer open',
  rejectNoteRequired: 'Say why the suggestion is rejected',
  ownSuggestion: 'You cannot vote on your own suggestion',
  ownDecision: 'You cannot decide your own suggestion: another value editor of this game decides',
  votesTooFast: 'You are voting too fast. Try again in a minute.',
  bulkNotApplied: 'Nothing was applied: fix the rows listed and try again',
  importRunning: 'An import of this game is already running',
  noImport: 'This game has no official price import',
} as const
