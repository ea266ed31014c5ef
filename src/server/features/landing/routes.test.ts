import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteLinksSchema } from '@/shared/site'
import { createTestApp } from '@/test/app'

describe('site links: GET /api/site/links', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({
      catalog: false,
      env: { DISCORD_BOT_INVITE_URL: 'https://discord.com/oauth2/authorize?client_id=1' },
    })
  })
  afterAll(() => t.close())

  it('answers the configured Discord links, null where none is set, with an ETag', async () => {
    const res = await t.app.request('/api/site/links')
    expect(res.status).toBe(200)
    expect(siteLinksSchema.parse(await res.json())).toEqual({
      discordServerUrl: null,
      discordBotInviteUrl: 'https://discord.com/oauth2/authorize?client_id=1',
    })
    const again = await t.app.request('/api/site/links', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
  })
})
