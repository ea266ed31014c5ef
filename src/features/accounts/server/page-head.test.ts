import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUserWithUsername, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { fakeWeb } from '@/test/web'

describe('public profile page head', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ web: await fakeWeb(), catalog: false })
  })
  afterAll(() => t.close())

  it('puts the trader name and bio into the HTML, with the e-mail nowhere', async () => {
    const { cookie } = await createUserWithUsername(t, 'head@example.com', 'head_trader')
    await send(t, '/api/profile', {
      method: 'PATCH',
      cookie,
      body: { displayName: 'Head <Trader>', bio: 'Fruits & pets, fair trades only.' },
    })
    const res = await t.app.request('/u/head_trader')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>Head &lt;Trader&gt; (@head_trader) — trader profile | TradeHub</title>')
    expect(html).toContain('content="Fruits &amp; pets, fair trades only."')
    expect(html).not.toContain('head@example.com')
  })

  it('answers an unknown or malformed username with the 404 page', async () => {
    expect((await t.app.request('/u/nobody_here')).status).toBe(404)
    expect((await t.app.request('/u/Not-Valid')).status).toBe(404)
  })
})
