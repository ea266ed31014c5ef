import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGES } from '@/shared/pages'
import { createUserWithUsername, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { fakeWeb } from '@/test/web'
import { changeItemValue } from '../../features/catalog/server/public'

/** The page the server rendered: the markup inside #root as text, and the JSON data block. */
function pageOf(html: string) {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'))
  const data = root.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/s)?.[1]
  const text = root
    .replace(/<script[^>]*>.*?<\/script>/gs, '')
    // React's markers between adjacent texts and around Suspense boundaries are no text.
    .replace(/<!--.*?-->/gs, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
  return { text, data: data && JSON.parse(data), scripts: root.match(/<script[^>]*>/g) ?? [] }
}

describe('pages rendered on the server', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ web: await fakeWeb({ rendered: true }) })
  })
  afterAll(() => t.close())

  const open = async (path: string, headers?: Record<string, string>) => {
    const res = await t.app.request(path, { headers })
    return { res, html: res.status === 304 ? '' : await res.text() }
  }

  it('an item page carries its name, value, demand, trend and history in the HTML, and its data as JSON that does not run', async () => {
    const { res, html } = await open('/values/blox-fruits/kitsune')
    expect(res.status).toBe(200)
    const page = pageOf(html)
    expect(page.text).toContain('Kitsune')
    expect(page.text).toMatch(/Value 640M 640,000,000/)
    expect(page.text).toMatch(/Demand .*10\/10/)
    // A status such as Overpaid is not a trend: the page says so in the one trend vocabulary.
    expect(page.text).toMatch(/Trend No trend/)
    expect(page.text).toMatch(/Value history Date Value/)
    // The only script in the page is the data block (the Content-Security-Policy runs no inline script).
    expect(page.scripts).toEqual(['<script type="application/json" id="page-data">'])
    const keys = page.data.queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey.join('/'))
    expect(keys).toContain('games/blox-fruits/items/kitsune/detail')
    // The routes it matched, by id, whose code the browser loads before it hydrates (start.tsx).
    expect(page.data.routeIds).toEqual(['root', 'pages', '/values/:game/:item'])
    // The features whose slot fills it rendered (the heart, the watch bell, the value team's editor
    // slot), whose code the browser loads with the page's.
    expect(page.data.fills).toEqual(['alerts', 'favorites', 'value-ops'])
  })

  it('the values page lists the game’s items; a shared trade shows its items', async () => {
    const values = pageOf((await open('/values-and-wfl')).html)
    const list = await (
      await t.app.request('/api/games/blox-fruits/items?sort=value&page=1&pageSize=50')
    ).json()
    expect(list.items).toHaveLength(50)
    for (const item of list.items) expect(values.text).toContain(item.name)

    const trade = pageOf(
      (await open('/values-and-wfl?tab=wfl&game=blox-fruits&give=kitsune&get=tiger*2')).html,
    )
    expect(trade.text).toContain('Kitsune')
    expect(trade.text).toContain('Tiger')
    expect(trade.text).toMatch(/You give total: 640M/)
    expect(trade.text).toMatch(/You get total: 260M/)
  })

  it('stock pages and a public profile are in the HTML', async () => {
    expect(pageOf((await open('/grow-a-garden-stock')).html).text).toContain('Grow a Garden stock')
    expect(pageOf((await open('/blox-fruits-stock')).html).text).toContain('Blox Fruits stock')

    const { cookie } = await createUserWithUsername(t, 'rendered@example.com', 'rendered_trader')
    await send(t, '/api/profile', { method: 'PATCH', cookie, body: { displayName: 'Rendered <Trader>' } })
    const profile = await open('/u/rendered_trader')
    expect(pageOf(profile.html).text).toContain('Rendered <Trader>')
    expect(profile.html).toContain('Rendered &lt;Trader&gt;')
  })

  it('a page is sent again only when its data changed (ETag), and a value change shows at once', async () => {
    const path = '/values/murder-mystery-2/icebreaker'
    const first = await open(path)
    const etag = first.res.headers.get('etag')!
    expect(etag).toBeTruthy()
    expect((await open(path, { 'if-none-match': etag })).res.status).toBe(304)

    await changeItemValue(
      { db: t.database.db, cache: t.cache },
      { gameId: 'murder-mystery-2', itemId: 'icebreaker', value: 98_765, changedBy: null, source: 'admin' },
    )
    const after = await open(path, { 'if-none-match': etag })
    expect(after.res.status).toBe(200)
    expect(pageOf(after.html).text).toContain('98,765')
  })

  it('every page without parameters is rendered on the server, the sign-in page included', async () => {
    for (const { path } of PAGES.filter((p) => !p.path.includes(':'))) {
      const { res, html } = await open(path)
      expect(res.status, path).toBe(200)
      // A page the server could not render leaves #root empty for the browser (and logs why).
      expect(pageOf(html).text.trim(), path).not.toBe('')
    }
    expect(pageOf((await open('/sign-in?redirect=%2Fprofile')).html).text).toMatch(/sign in/i)
  })

  it('an unknown page renders the not-found page with status 404', async () => {
    const { res, html } = await open('/no-such-page')
    expect(res.status).toBe(404)
    expect(pageOf(html).text).toMatch(/not found/i)
  })
})
