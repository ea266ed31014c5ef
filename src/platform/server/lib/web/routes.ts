import { createHash } from 'node:crypto'
import { type Context, Hono } from 'hono'
import type { AppEnv, HeadResolver, ServerFeature } from '@/platform/server/context'
import { matchPage, NOT_FOUND_PAGE, REDIRECTS } from '@/shared/pages'
import { matchesEtag } from '../read-cache'
import { hasSessionCookie } from '../shared-answers'
import {
  type Asset,
  type CreatePageRenderer,
  type HeadTags,
  type PageRenderer,
  renderIndexHtml,
} from './assets'

function sendAsset(c: Context, asset: Asset): Response {
  c.header('Content-Type', asset.type)
  c.header('ETag', asset.etag)
  c.header('Cache-Control', asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
  c.header('Vary', 'Accept-Encoding')
  if (c.req.header('if-none-match') === asset.etag) return c.body(null, 304)
  const acceptEncoding = c.req.header('accept-encoding') ?? ''
  let body = asset.body
  if (asset.brotli && /\bbr\b/.test(acceptEncoding)) {
    body = asset.brotli
    c.header('Content-Encoding', 'br')
  } else if (asset.gzip && /\bgzip\b/.test(acceptEncoding)) {
    body = asset.gzip
    c.header('Content-Encoding', 'gzip')
  }
  return c.body(new Uint8Array(body))
}

/** The home page declares the site search, so search engines can offer it. */
function siteSearchJsonLd(publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'TradeHub',
    url: `${publicUrl}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${publicUrl}/values-and-wfl?search={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  }
}

/** The head resolvers of every feature, by page path (a page has at most one). */
function pageHeadsOf(features: readonly ServerFeature[]): Map<string, HeadResolver> {
  const heads = new Map<string, HeadResolver>()
  for (const feature of features) {
    for (const [path, resolve] of Object.entries(feature.pageHeads ?? {})) {
      if (heads.has(path)) throw new Error(`Two features give the head of ${path}`)
      heads.set(path, resolve)
    }
  }
  return heads
}

/** The page as the server renders it, or null where the browser renders it (or the render failed). */
async function renderPage(c: Context<AppEnv>, renderer: PageRenderer | undefined, url: string) {
  if (!renderer) return null
  try {
    return await renderer.render(url)
  } catch (err) {
    c.var.deps.logger.warn({ err, url }, 'page not rendered on the server: the browser renders it')
    return null
  }
}

/**
 * The built web app: files from memory; every other path gets index.html with its head tags and, for
 * a page the server renders, the page itself. Pages are rendered from the app's own API answers
 * (`fetchApi`, in-process).
 */
export function createWebRoutes(
  features: readonly ServerFeature[],
  fetchApi: Parameters<CreatePageRenderer>[0],
) {
  const heads = pageHeadsOf(features)
  const renderers = new WeakMap<CreatePageRenderer, PageRenderer>()
  const rendererOf = (create: CreatePageRenderer | undefined) => {
    if (create && !renderers.has(create)) renderers.set(create, create(fetchApi))
    return create && renderers.get(create)
  }
  return new Hono<AppEnv>().on(['GET', 'HEAD'], '*', async (c) => {
    const { web, env } = c.var.deps
    const url = new URL(c.req.url)
    const pathname = url.pathname

    const redirect = REDIRECTS[pathname.replace(/\/+$/, '')]
    if (redirect) return c.redirect(`${redirect}${url.search}`, 301)
    if (pathname === '/join-server' && env.DISCORD_SERVER_URL) return c.redirect(env.DISCORD_SERVER_URL, 302)
    if (pathname === '/invite-bot' && env.DISCORD_BOT_INVITE_URL)
      return c.redirect(env.DISCORD_BOT_INVITE_URL, 302)

    // Browsers ask for /favicon.ico on pages without an icon link (the local mailbox).
    if (pathname === '/favicon.ico') return c.redirect('/favicon.svg', 301)
    if (!web) return c.notFound()
    const asset = web.files.get(pathname)
    if (asset) return sendAsset(c, asset)
    if (pathname.startsWith('/assets/')) return c.notFound()

    const match = matchPage(pathname)
    let page: HeadTags['page'] = match.page
    let found = match.found
    let image: string | undefined
    let imageSize: HeadTags['imageSize']
    if (found) {
      const head = (await heads.get(match.page.path)?.(c.var.deps, match, url)) ?? null
      if (head === 'not-found') {
        page = NOT_FOUND_PAGE
        found = false
      } else if (head) {
        const { image: headImage, imageSize: headImageSize, ...texts } = head
        page = { ...match.page, ...texts }
        image = headImage && new URL(headImage, env.PUBLIC_URL).href
        imageSize = headImage ? headImageSize : undefined
      }
    }
    const rendered = await renderPage(
      c,
      rendererOf(web.createRenderer),
      `${env.PUBLIC_URL}${pathname}${url.search}`,
    )
    const jsonLd = pathname === '/' ? siteSearchJsonLd(env.PUBLIC_URL) : undefined
    const html = renderIndexHtml(
      web.template,
      {
        page,
        url: `${env.PUBLIC_URL}${pathname}`,
        image,
        imageSize,
        jsonLd,
        visitor: !hasSessionCookie(c.req.header('cookie')),
      },
      rendered,
    )
    const etag = `"${createHash('sha1').update(html).digest('base64url')}"`
    c.header('Cache-Control', 'no-cache')
    // A visitor's page and a signed-in trader's differ by the session hint: a shared cache keeps both.
    c.header('Vary', 'Cookie', { append: true })
    c.header('ETag', etag)
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304)
    return c.html(html, found ? 200 : 404)
  })
}
