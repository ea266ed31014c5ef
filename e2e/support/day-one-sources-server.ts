// The games' public sources as a real deployment reads them, for the "day one" instance of the journeys
// (playwright.config.ts): each game's wiki through the MediaWiki API (PageImages, every item by its
// name but a few, so the missing list has something; Grow a Garden's pets have none), the pictures
// those pages point at (drawn here, a different one per item), and a Grow a Garden stock feed in the
// community bots' shape whose lists are always the current restock window's. On DAY_ONE_SOURCES_PORT; `GET /health` answers when it listens.
import { readFileSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import sharp from 'sharp'
import { STOCK_SHOPS, windowAt } from '../../src/features/stock/rules'

interface CatalogItem {
  id: string
  name: string
  category: string | null
}

const port = Number(process.env.DAY_ONE_SOURCES_PORT ?? 2532)
const origin = `http://127.0.0.1:${port}`
const catalog = (game: string): CatalogItem[] => {
  try {
    return JSON.parse(readFileSync(new URL(`../../catalog/${game}.json`, import.meta.url), 'utf8')).items
  } catch {
    return []
  }
}

/** Every seventh item of a game has no page: the import lists it as missing. */
const hasNoWikiPage = (index: number) => index % 7 === 6

/** Grow a Garden's pets have no picture here: a shorter import, and more for the missing list. */
const hasNoPicture = (game: string, item: CatalogItem) => game === 'grow-a-garden' && item.category === 'pet'

const hueOf = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7)

/** An item's picture: a shaded gem of its own colour on a transparent square (256 px PNG). */
function drawPicture(name: string): Promise<Buffer> {
  const hue = hueOf(name)
  const sides = 5 + (hue % 4)
  const points = Array.from({ length: sides }, (_, i) => {
    const angle = (Math.PI * 2 * i) / sides - Math.PI / 2
    return `${128 + 96 * Math.cos(angle)},${128 + 96 * Math.sin(angle)}`
  }).join(' ')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <defs><radialGradient id="g" cx="40%" cy="35%" r="70%">
    <stop offset="0" stop-color="hsl(${hue},90%,80%)"/><stop offset="0.55" stop-color="hsl(${hue},75%,52%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 30) % 360},70%,28%)"/></radialGradient></defs>
  <polygon points="${points}" fill="url(#g)" stroke="hsl(${hue},60%,20%)" stroke-width="6" stroke-linejoin="round"/>
  <ellipse cx="100" cy="88" rx="34" ry="18" fill="white" opacity="0.35" transform="rotate(-25 100 88)"/>
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** A wiki's pages by title: the items' names, each with the address of its picture here. */
const wikis = new Map<string, Map<string, string>>()
function wikiOf(game: string) {
  let pages = wikis.get(game)
  if (!pages) {
    pages = new Map()
    for (const [index, item] of catalog(game).entries())
      if (!hasNoWikiPage(index) && !hasNoPicture(game, item))
        pages.set(item.name, `${origin}/images/${game}/${item.id}.png`)
    wikis.set(game, pages)
  }
  return pages
}

/** MediaWiki's answer to `action=query&prop=pageimages&piprop=original&titles=…&redirects=1`. */
function pageImages(game: string, titles: string[]) {
  const pages: Record<string, unknown> = {}
  let missing = -1
  for (const [i, title] of titles.entries()) {
    const image = wikiOf(game).get(title)
    pages[image ? String(1000 + i) : String(missing--)] = image
      ? { pageid: 1000 + i, ns: 0, title, original: { source: image, width: 256, height: 256 } }
      : { ns: 0, title, missing: '' }
  }
  return { batchcomplete: '', query: { pages } }
}

/** A list of the feed: the first `count` items of `category`, rotated by the window so each restock differs. */
function feedList(category: string, count: number, shopId: string, now: number) {
  const shop = STOCK_SHOPS['grow-a-garden'].find((s) => s.id === shopId)!
  const window = windowAt(shop, now)
  const items = catalog('grow-a-garden').filter((i) => i.category === category)
  const turn = Math.floor(window.start / (shop.periodSeconds * 1000)) % Math.max(items.length - count, 1)
  return items.slice(turn, turn + count).map((item, i) => ({
    item_id: item.id.replaceAll('-', '_'),
    display_name: item.name,
    quantity: 1 + ((turn + i * 3) % 9),
    start_date_unix: window.start / 1000,
    end_date_unix: window.end / 1000,
  }))
}

function json(res: ServerResponse, body: unknown, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const pictures = new Map<string, Promise<Buffer>>()
createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', origin)
  if (url.pathname === '/health') return json(res, { ok: true })
  const wiki = /^\/wiki\/([a-z0-9-]+)\/api\.php$/.exec(url.pathname)
  if (wiki) {
    const titles = (url.searchParams.get('titles') ?? '').split('|').filter(Boolean)
    if (url.searchParams.get('prop') !== 'pageimages' || titles.length > 50)
      return json(res, { error: { code: 'badparams' } }, 400)
    return json(res, pageImages(wiki[1]!, titles))
  }
  const image = /^\/images\/([a-z0-9-]+)\/([a-z0-9-]+)\.png$/.exec(url.pathname)
  if (image) {
    const item = catalog(image[1]!).find((i) => i.id === image[2])
    if (!item) return json(res, { error: 'Not found' }, 404)
    const key = `${image[1]}/${item.id}`
    if (!pictures.has(key)) pictures.set(key, drawPicture(item.name))
    const png = await pictures.get(key)!
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.byteLength) })
    return res.end(png)
  }
  if (url.pathname === '/v2/growagarden/stock') {
    const now = Date.now()
    return json(res, {
      seed_stock: feedList('seed', 6, 'seeds', now),
      gear_stock: feedList('gear', 5, 'gear', now),
      egg_stock: feedList('egg', 3, 'eggs', now),
    })
  }
  json(res, { error: 'Not found' }, 404)
}).listen(port, '127.0.0.1')
