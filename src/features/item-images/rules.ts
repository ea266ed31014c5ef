/**
 * Item pictures from the games' own sources (docs/decisions/048-item-pictures.md): where each game's
 * pictures come from, with their credit and licence, the import's limits and the words it reports in.
 * Free of zod and packages: pages load it (the methodology page names the sources).
 */
import type { GameId } from '@/shared/games'

/** The games whose pictures come from the studio's API (its collections and image endpoint). */
export const STUDIO_GAMES = ['pet-simulator-99', 'pets-go'] as const satisfies readonly GameId[]
export type StudioGameId = (typeof STUDIO_GAMES)[number]

export const isStudioGame = (game: GameId): game is StudioGameId =>
  (STUDIO_GAMES as readonly string[]).includes(game)

/** A game's wiki: its name, its address, its MediaWiki API and the licence of its content. */
export interface WikiSource {
  name: string
  url: string
  api: string
  licence: string
  licenceUrl: string
}

const FANDOM_LICENCE = { licence: 'CC BY-SA', licenceUrl: 'https://www.fandom.com/licensing' }

/** The six other games' wikis (hosted on Fandom, Fisch's on its own domain since it left Fandom). */
export const WIKI_SOURCES: Record<Exclude<GameId, StudioGameId>, WikiSource> = {
  'blox-fruits': {
    name: 'Blox Fruits Wiki (Fandom)',
    url: 'https://blox-fruits.fandom.com',
    api: 'https://blox-fruits.fandom.com/api.php',
    ...FANDOM_LICENCE,
  },
  'grow-a-garden': {
    name: 'Grow a Garden Wiki (Fandom)',
    url: 'https://growagarden.fandom.com',
    api: 'https://growagarden.fandom.com/api.php',
    ...FANDOM_LICENCE,
  },
  'adopt-me': {
    name: 'Adopt Me! Wiki (Fandom)',
    url: 'https://adoptme.fandom.com',
    api: 'https://adoptme.fandom.com/api.php',
    ...FANDOM_LICENCE,
  },
  'murder-mystery-2': {
    name: 'Murder Mystery 2 Wiki (Fandom)',
    url: 'https://murder-mystery-2.fandom.com',
    api: 'https://murder-mystery-2.fandom.com/api.php',
    ...FANDOM_LICENCE,
  },
  'anime-adventures': {
    name: 'Anime Adventures Wiki (Fandom)',
    url: 'https://anime-adventures.fandom.com',
    api: 'https://anime-adventures.fandom.com/api.php',
    ...FANDOM_LICENCE,
  },
  fisch: {
    name: 'Fischipedia',
    url: 'https://fischipedia.org',
    api: 'https://fischipedia.org/w/api.php',
    licence: 'CC BY-SA',
    licenceUrl: 'https://fischipedia.org/wiki/Fischipedia:Copyrights',
  },
}

/** The studio's API, as the methodology page names it. */
export const STUDIO_SOURCE = {
  name: "BIG Games' public API (biggamesapi.io)",
  url: 'https://biggamesapi.io',
} as const

/**
 * A wiki game's MediaWiki API: the setting ITEM_WIKI_API_URL with `{game}` replaced by the game's id, or
 * the game's known wiki.
 */
export function wikiApiUrl(setting: string | undefined, game: Exclude<GameId, StudioGameId>): string {
  return setting ? setting.replaceAll('{game}', game) : WIKI_SOURCES[game].api
}

/** The import's limits: small, and polite to the sources. */
export const ITEM_IMAGE_LIMITS = {
  /** A picture is read up to this size; past it the fetch stops and the item is a failure. */
  maxImageBytes: 5 * 1024 * 1024,
  /** An API answer (a wiki's batch, the studio's collection) is read up to this size. */
  maxJsonBytes: 32 * 1024 * 1024,
  /** Titles in one MediaWiki query (the API's own limit for clients without bot rights). */
  titlesPerRequest: 50,
  /** Pictures fetched at once from one source. */
  concurrency: 2,
  /** How long one request may take. */
  fetchTimeoutMs: 20_000,
  /** A running job whose server has not written for this long has stopped with it. */
  staleAfterSeconds: 120,
  /** Failures kept with their reasons in a job's result (the counts stay exact). */
  failuresKept: 200,
  /** Items without a picture listed at once for the value team. */
  missingPageSize: 100,
} as const

/** What a job is doing: running, finished (each item's outcome in its result), failed as a whole, stopped. */
export const JOB_STATUSES = ['running', 'finished', 'failed', 'stopped'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/**
 * A job's counts. found: the source has a picture for the item; imported: stored; unchanged: the same
 * picture was imported before; kept: the value team's upload stays; missing: no picture at the source;
 * failed: found but not stored (each with its reason).
 */
export const JOB_COUNTS = ['items', 'found', 'imported', 'unchanged', 'kept', 'missing', 'failed'] as const
export type JobCount = (typeof JOB_COUNTS)[number]

export const JOB_COUNT_LABELS: Record<JobCount, string> = {
  items: 'Items',
  found: 'Found',
  imported: 'Imported',
  unchanged: 'Unchanged',
  kept: 'Uploads kept',
  missing: 'No picture at the source',
  failed: 'Failed',
}

export const ITEM_IMAGE_MESSAGES = {
  badGame: 'Unknown game',
  running: 'Pictures of this game are being imported already',
  notFound: 'No such import',
  serverStopped: 'The server stopped during the import',
  notImage: 'The file is not a PNG, JPEG, WebP or GIF picture',
} as const
