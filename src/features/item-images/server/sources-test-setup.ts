/**
 * Local stand-ins for the pictures' sources, as node http servers on ephemeral ports: a MediaWiki API
 * (PageImages with normalised titles, redirects and missing pages, per game), the studio's API (its
 * collections and image endpoint) and the files they point at, answering real picture bytes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

/** A real small picture of this colour, encoded as asked. */
export async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 300, height = 200) {
  const image = sharp({
    create: { width, height, channels: 4, background: { r: 30, g: 140, b: 200, alpha: 1 } },
  })
  return image[format]().toBuffer()
}

/** How a file answers: its bytes and type, a status, or bytes sent without a length (chunked). */
export interface FileReply {
  status?: number
  type?: string
  body: Buffer | string
  chunked?: boolean
}

/** A wiki page: its picture's address, or a redirect to another page. */
export type WikiPage = { image?: string } | { redirect: string }

/** MediaWiki's title form: spaces for underscores, a capital first letter. */
const normalise = (title: string) => {
  const spaced = title.replaceAll('_', ' ').trim()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

export async function startSourceStandIns() {
  const files = new Map<string, FileReply>()
  const wikis = new Map<string, Map<string, WikiPage>>()
  const collections = new Map<string, unknown[]>()
  const wikiReplies: { status: number; body: string }[] = []
  const requests: string[] = []
  /** The titles of each wiki request, in order. */
  const titleBatches: string[][] = []
  let hang: { until: Promise<void>; release: () => void } | null = null

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  function wikiAnswer(pages: Map<string, WikiPage>, titles: string[]) {
    const normalized: { from: string; to: string }[] = []
    const redirects: { from: string; to: string }[] = []
    const answer: Record<string, unknown> = {}
    let missingId = -1
    let pageId = 1000
    for (const asked of titles) {
      let title = normalise(asked)
      if (title !== asked) normalized.push({ from: asked, to: title })
      const page = pages.get(title)
      if (page && 'redirect' in page) {
        redirects.push({ from: title, to: page.redirect })
        title = page.redirect
      }
      const target = pages.get(title)
      if (!target || 'redirect' in target) answer[String(missingId--)] = { ns: 0, title, missing: '' }
      else
        answer[String(pageId++)] = {
          pageid: pageId,
          ns: 0,
          title,
          ...(target.image && {
            original: { source: target.image, width: 300, height: 200 },
            pageimage: `${title}.png`,
          }),
        }
    }
    return {
      batchcomplete: '',
      query: {
        ...(normalized.length && { normalized }),
        ...(redirects.length && { redirects }),
        pages: answer,
      },
    }
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    requests.push(url.pathname)
    const wiki = /^\/wiki\/([^/]+)\/api\.php$/.exec(url.pathname)
    if (wiki) {
      if (hang) await hang.until
      const queued = wikiReplies.shift()
      if (queued) {
        res.writeHead(queued.status, { 'content-type': 'application/json' })
        res.end(queued.body)
        return
      }
      const titles = (url.searchParams.get('titles') ?? '').split('|')
      titleBatches.push(titles)
      const ok =
        url.searchParams.get('action') === 'query' &&
        url.searchParams.get('prop') === 'pageimages' &&
        url.searchParams.get('piprop') === 'original' &&
        url.searchParams.get('redirects') === '1' &&
        url.searchParams.get('format') === 'json'
      if (!ok) return json(res, 400, { error: { code: 'badparams' } })
      if (titles.length > 50)
        return json(res, 200, {
          warnings: { query: { '*': 'Too many values supplied for parameter "titles".' } },
        })
      return json(res, 200, wikiAnswer(wikis.get(wiki[1]!) ?? new Map(), titles))
    }
    const collection = /^\/([^/]+)\/api\/collection\/([^/]+)$/.exec(url.pathname)
    if (collection) {
      const data = collections.get(`${collection[1]}/${collection[2]}`)
      if (!data) return json(res, 404, { status: 'error', error: { message: 'Not found' } })
      return json(res, 200, { status: 'ok', data })
    }
    const file = files.get(url.pathname)
    if (!file) return json(res, 404, { error: 'Not found' })
    const body = typeof file.body === 'string' ? Buffer.from(file.body) : file.body
    const headers: Record<string, string> = { 'content-type': file.type ?? 'application/octet-stream' }
    if (!file.chunked) headers['content-length'] = String(body.byteLength)
    res.writeHead(file.status ?? 200, headers)
    if (!file.chunked) return res.end(body)
    // In pieces, without a length: the reader must stop on its own.
    for (let at = 0; at < body.byteLength && !res.destroyed; at += 256 * 1024)
      await new Promise<void>((resolve) => res.write(body.subarray(at, at + 256 * 1024), () => resolve()))
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`

  return {
    origin,
    port,
    requests,
    titleBatches,
    /** A file at `path`; its address is returned. */
    file(path: string, reply: FileReply): string {
      files.set(path, reply)
      return `${origin}${path}`
    },
    /** The pages of a game's wiki, by title. */
    wiki(game: string, pages: Record<string, WikiPage>) {
      wikis.set(game, new Map(Object.entries(pages)))
    },
    /** The next wiki requests' answers, in order. */
    wikiReply(...replies: { status: number; body: string }[]) {
      wikiReplies.push(...replies)
    },
    /** A collection of the studio's API under `${origin}/${base}`. */
    collection(base: string, name: string, data: unknown[]) {
      collections.set(`${base}/${name}`, data)
    },
    /** Wiki requests wait until `release` is called. */
    hold() {
      let release = () => {}
      const until = new Promise<void>((resolve) => {
        release = resolve
      })
      hang = {
        until,
        release: () => {
          hang = null
          release()
        },
      }
      return hang.release
    },
    count: (path: string) => requests.filter((p) => p === path).length,
    async close() {
      hang?.release()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type SourceStandIns = Awaited<ReturnType<typeof startSourceStandIns>>
