import { z } from 'zod'
import { normalizeSearch } from '@/features/catalog/search'
import { ITEM_IMAGE_LIMITS, type StudioGameId } from '@/features/item-images/contract'
import { FetchRefused, type SafeFetchOptions, safeFetch } from '@/platform/server/lib/safe-fetch'

/** An item as the sources look it up: by its name, then by its other names. */
export interface SourceItem {
  id: string
  name: string
  aliases: readonly string[]
}

/** The source itself could not be read (the whole job fails with this reason). */
export class SourceFailure extends Error {}

/** How the sources fetch: the safe fetch's settings besides the size (test origins, the stop signal). */
export type FetchSettings = Pick<SafeFetchOptions, 'testOrigins' | 'signal' | 'resolve'> & {
  timeoutMs?: number
  userAgent: string
}

/** An API's JSON answer, read through the safe fetch; anything else fails the source. */
async function fetchJson(url: string, what: string, settings: FetchSettings): Promise<unknown> {
  let res: Awaited<ReturnType<typeof safeFetch>>
  try {
    res = await safeFetch(url, {
      maxBytes: ITEM_IMAGE_LIMITS.maxJsonBytes,
      timeoutMs: settings.timeoutMs ?? ITEM_IMAGE_LIMITS.fetchTimeoutMs,
      testOrigins: settings.testOrigins,
      signal: settings.signal,
      resolve: settings.resolve,
      headers: { accept: 'application/json', 'user-agent': settings.userAgent },
    })
  } catch (error) {
    if (error instanceof FetchRefused) throw new SourceFailure(`${what}: ${error.message}`)
    throw error
  }
  if (res.status !== 200) throw new SourceFailure(`${what} answered HTTP ${res.status}`)
  try {
    return JSON.parse(res.body.toString('utf8'))
  } catch {
    throw new SourceFailure(`${what} did not answer JSON`)
  }
}

/** Items by normalised name, then by normalised other name (a name wins over another item's alias). */
function byName(items: readonly SourceItem[]): Map<string, SourceItem> {
  const map = new Map<string, SourceItem>()
  for (const item of items) map.set(normalizeSearch(item.name), item)
  for (const item of items)
    for (const alias of item.aliases) {
      const key = normalizeSearch(alias)
      if (key && !map.has(key)) map.set(key, item)
    }
  return map
}

/** The studio's collection whose entries are the catalog's items (Huge, Titanic and other pets). */
export const STUDIO_COLLECTIONS = ['Pets'] as const

const collectionSchema = z.object({
  status: z.literal('ok'),
  data: z.array(z.unknown()),
})
const entrySchema = z.object({
  configName: z.string().optional(),
  configData: z.object({
    name: z.string().optional(),
    thumbnail: z.string().optional(),
  }),
})

/**
 * Pet Simulator 99 and PETS GO!: the studio's collections give each pet's `thumbnail`
 * (`rbxassetid://<id>`); its image endpoint serves it (`{base}/image/<id>`). The picture's address of
 * each item found, by item id.
 */
export async function studioPictures(
  base: string,
  _game: StudioGameId,
  items: readonly SourceItem[],
  settings: FetchSettings,
): Promise<Map<string, string>> {
  const names = byName(items)
  const found = new Map<string, string>()
  for (const collection of STUDIO_COLLECTIONS) {
    const what = `The studio's collection ${collection}`
    const body = collectionSchema.safeParse(
      await fetchJson(`${base}/api/collection/${collection}`, what, settings),
    )
    if (!body.success) throw new SourceFailure(`${what} answered a shape the import does not know`)
    for (const raw of body.data.data) {
      const entry = entrySchema.safeParse(raw)
      if (!entry.success) continue
      const asset = /^rbxassetid:\/\/(\d{1,20})$/.exec(entry.data.configData.thumbnail?.trim() ?? '')?.[1]
      if (!asset) continue
      for (const name of [entry.data.configData.name, entry.data.configName]) {
        const item = name ? names.get(normalizeSearch(name)) : undefined
        if (item && !found.has(item.id)) found.set(item.id, `${base}/image/${asset}`)
      }
    }
  }
  return found
}

/** Characters MediaWiki never allows in a title (and `|`, the separator of `titles`). */
const BAD_TITLE = /[#<>[\]{}|\p{Cc}]/u

const pageImagesSchema = z.object({
  continue: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  query: z
    .object({
      normalized: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
      redirects: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
      pages: z
        .record(
          z.string(),
          z.object({
            title: z.string(),
            missing: z.unknown().optional(),
            original: z.object({ source: z.string() }).optional(),
          }),
        )
        .optional(),
    })
    .optional(),
})

/** Continuations followed for one batch (pageimages answers at most 50 pages per round). */
const MAX_CONTINUES = 5

/**
 * One batch of titles asked of the wiki (`prop=pageimages&piprop=original&redirects=1`): the picture's
 * address by the title as asked (after MediaWiki's normalising and redirects).
 */
async function pageImages(
  api: string,
  titles: readonly string[],
  settings: FetchSettings,
): Promise<Map<string, string>> {
  const normalized = new Map<string, string>()
  const redirects = new Map<string, string>()
  const pictures = new Map<string, string>()
  let extra: Record<string, string> = {}
  for (let round = 0; round <= MAX_CONTINUES; round++) {
    const url = new URL(api)
    const params = {
      action: 'query',
      format: 'json',
      prop: 'pageimages',
      piprop: 'original',
      pilimit: String(ITEM_IMAGE_LIMITS.titlesPerRequest),
      redirects: '1',
      titles: titles.join('|'),
      ...extra,
    }
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    const parsed = pageImagesSchema.safeParse(await fetchJson(url.href, 'The wiki', settings))
    if (!parsed.success) throw new SourceFailure('The wiki answered a shape the import does not know')
    const { query } = parsed.data
    for (const n of query?.normalized ?? []) normalized.set(n.from, n.to)
    for (const r of query?.redirects ?? []) redirects.set(r.from, r.to)
    for (const page of Object.values(query?.pages ?? {}))
      if (page.original?.source && page.missing === undefined) pictures.set(page.title, page.original.source)
    if (!parsed.data.continue) break
    extra = Object.fromEntries(Object.entries(parsed.data.continue).map(([k, v]) => [k, String(v)]))
  }
  const result = new Map<string, string>()
  for (const title of titles) {
    let page = normalized.get(title) ?? title
    page = redirects.get(page) ?? page
    const source = pictures.get(page)
    if (source) result.set(title, source)
  }
  return result
}

/** A title the wiki may know: trimmed, at most 255 characters, none it forbids. */
const asTitle = (name: string): string | null => {
  const title = name.trim().replace(/\s+/g, ' ')
  return title && title.length <= 255 && !BAD_TITLE.test(title) ? title : null
}

/**
 * The six wiki games: each item's page picture (PageImages), asked by the item's name, 50 titles a
 * request; the items not found are asked again by their other names. Relative addresses are made
 * absolute against the API's. The picture's address of each item found, by item id.
 */
export async function wikiPictures(
  api: string,
  items: readonly SourceItem[],
  settings: FetchSettings,
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  const ask = async (pairs: { item: SourceItem; title: string }[]) => {
    for (let i = 0; i < pairs.length; i += ITEM_IMAGE_LIMITS.titlesPerRequest) {
      if (settings.signal?.aborted) return
      const batch = pairs.slice(i, i + ITEM_IMAGE_LIMITS.titlesPerRequest)
      const pictures = await pageImages(api, [...new Set(batch.map((p) => p.title))], settings)
      for (const { item, title } of batch) {
        const source = pictures.get(title)
        if (source && !found.has(item.id)) found.set(item.id, new URL(source, api).href)
      }
    }
  }
  const byNames = items.flatMap((item) => {
    const title = asTitle(item.name)
    return title ? [{ item, title }] : []
  })
  await ask(byNames)
  const byAliases = items
    .filter((item) => !found.has(item.id))
    .flatMap((item) =>
      item.aliases.flatMap((alias) => {
        const title = asTitle(alias)
        return title ? [{ item, title }] : []
      }),
    )
  await ask(byAliases)
  return found
}
