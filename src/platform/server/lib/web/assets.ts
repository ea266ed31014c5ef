import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { escapeHtml } from '@/platform/server/lib/html'
import { fullTitle, type PageInfo, SITE_NAME } from '@/shared/page-info'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}
const COMPRESSIBLE = /^(text\/|application\/(json|manifest|xml)|image\/svg)/

export interface Asset {
  body: Buffer
  type: string
  etag: string
  gzip?: Buffer
  brotli?: Buffer
  /** Content-hashed files under /assets never change: cached for a year. */
  immutable: boolean
}

/** A copy the build compressed beside the file (scripts/lib/precompress.mjs), if it is not older. */
function precompressed(file: string, suffix: '.br' | '.gz'): Buffer | undefined {
  const copy = `${file}${suffix}`
  if (!existsSync(copy) || statSync(copy).mtimeMs < statSync(file).mtimeMs) return undefined
  return readFileSync(copy)
}

function compressAsset(file: string, body: Buffer, type: string): Pick<Asset, 'gzip' | 'brotli'> {
  if (!COMPRESSIBLE.test(type) || body.length < 512) return {}
  return {
    gzip: precompressed(file, '.gz') ?? gzipSync(body, { level: 9 }),
    brotli: precompressed(file, '.br') ?? brotliCompressSync(body),
  }
}

function makeAsset(rel: string, file: string): Asset {
  const body = readFileSync(file)
  const type = TYPES[path.extname(rel)] ?? 'application/octet-stream'
  return {
    body,
    type,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    immutable: rel.startsWith('/assets/'),
    ...compressAsset(file, body, type),
  }
}

/** `x.js.br` and `x.js.gz` beside `x.js` are its compressed copies, not files of their own. */
const isCompressedCopy = (file: string) => /\.(br|gz)$/.test(file) && existsSync(file.slice(0, -3))

/** The web app's page renderer (src/platform/web/entry-server.tsx, built into dist/ssr). */
export interface PageRenderer {
  render(url: string): Promise<{ html: string; data: string } | null>
}
export type CreatePageRenderer = (
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>,
) => PageRenderer

export interface WebAssets {
  files: Map<string, Asset>
  /** index.html with `<!--app-head-->`, `<!--app-html-->` and `<!--app-data-->` where the page goes. */
  template: string
  /** Renders pages on the server; without it the browser renders every page. */
  createRenderer?: CreatePageRenderer
}

/** The built page renderer, if there is one. */
export async function loadPageRenderer(dir: string): Promise<CreatePageRenderer | undefined> {
  const file = path.join(dir, 'entry-server.js')
  if (!existsSync(file)) return undefined
  return (await import(pathToFileURL(file).href)).createPageRenderer
}

/**
 * Reads the built single-page app into memory with its compressed copies (made by the build, or here
 * when the build did not); null when it has not been built.
 */
export function loadWebAssets(dir: string): WebAssets | null {
  const indexFile = path.join(dir, 'index.html')
  if (!existsSync(indexFile)) return null
  const files = new Map<string, Asset>()
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      if (name.startsWith('.')) continue // the build manifest and other hidden files are not served
      const rel = `${sub}/${name}`
      const file = path.join(dir, rel)
      if (statSync(file).isDirectory()) walk(rel)
      else if (name !== 'index.html' && !isCompressedCopy(file)) files.set(rel, makeAsset(rel, file))
    }
  }
  walk('')
  return { files, template: readFileSync(indexFile, 'utf8') }
}

export interface HeadTags {
  page: Pick<PageInfo, 'title' | 'description' | 'noindex'>
  url: string
  image?: string
  /** The image's size, when it is a large preview (a link-preview card): shown large where links unfurl. */
  imageSize?: { width: number; height: number }
  /** Structured data (schema.org), rendered as a JSON-LD data block (not a script that runs). */
  jsonLd?: object
  /**
   * The request carried no session cookie: nobody is signed in, and the page says so
   * (`<meta name="session" content="none">`) so that the browser need not ask (docs/decisions/053).
   */
  visitor?: boolean
}

/**
 * index.html with the page's own title, description, canonical link and preview tags, and the page
 * itself when the server rendered it (its markup, and its data as a JSON block that does not run).
 */
export function renderIndexHtml(
  template: string,
  { page, url, image, imageSize, jsonLd, visitor }: HeadTags,
  rendered?: { html: string; data: string } | null,
): string {
  const title = escapeHtml(fullTitle(page.title))
  const description = escapeHtml(page.description)
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    ...(image && imageSize
      ? [
          `<meta property="og:image:width" content="${imageSize.width}" />`,
          `<meta property="og:image:height" content="${imageSize.height}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${image && imageSize ? 'summary_large_image' : 'summary'}" />`,
    ...(page.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(visitor ? ['<meta name="session" content="none" />'] : []),
    ...(jsonLd
      ? [`<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>`]
      : []),
  ]
  return template
    .replace('<!--app-head-->', () => tags.join('\n    '))
    .replace('<!--app-html-->', () => rendered?.html ?? '')
    .replace('<!--app-data-->', () =>
      rendered ? `<script type="application/json" id="page-data">${rendered.data}</script>` : '',
    )
}
