import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeItemValue } from '@/features/catalog/server/public'
import { siteLinksSchema, siteSummarySchema } from '@/features/landing/contract'
import { createTestApp } from '@/test/app'

describe('GET /api/site', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const summary = async () => {
    const res = await t.app.request('/api/site')
    expect(res.status).toBe(200)
    return siteSummarySchema.parse(await res.json())
  }

  it("gives each game's freshness and counts in the one answer, and figures that add up", async () => {
    const body = await summary()
    expect(body.games.map((g) => g.id)).toEqual([
      'blox-fruits',
      'grow-a-garden',
      'adopt-me',
      'pet-simulator-99',
      'murder-mystery-2',
      'anime-adventures',
      'fisch',
      'pets-go',
    ])
    const game = (id: string) => body.games.find((g) => g.id === id)!
    expect(game('fisch')).toMatchObject({
      name: 'Fisch',
      itemCount: 186,
      valuedCount: 0,
      lastValueChangeAt: null,
    })
    expect(game('pets-go')).toMatchObject({ itemCount: 96, valuedCount: 0, lastValueChangeAt: null })
    expect(game('grow-a-garden')).toMatchObject({ itemCount: 315, valuedCount: 88 })
    // Each game its own date (the day its starter values were taken), not one date for the site.
    expect(game('grow-a-garden').lastValueChangeAt).toBe('2025-08-27T00:00:00.000Z')
    expect(game('adopt-me').lastValueChangeAt).toBe('2026-08-22T00:00:00.000Z')
    expect(body.stats).toEqual({
      games: 8,
      items: body.games.reduce((n, g) => n + g.itemCount, 0),
      valuedItems: body.games.reduce((n, g) => n + g.valuedCount, 0),
    })
    expect(body.stats).not.toHaveProperty('lastValueChangeAt')
  })

  it("moves a game's freshness when one of its values changes, and only that game's", async () => {
    const before = await summary()
    const list = await (await t.app.request('/api/games/anime-adventures/items?pageSize=1')).json()
    const item = list.items[0] as { id: string; value: number }
    const { changed } = await changeItemValue(
      { db: t.database.db, cache: t.cache },
      {
        gameId: 'anime-adventures',
        itemId: item.id,
        value: item.value + 1,
        changedBy: null,
        source: 'editor',
      },
    )
    expect(changed).toBe(true)
    const after = await summary()
    for (const game of after.games) {
      const was = before.games.find((g) => g.id === game.id)!
      if (game.id === 'anime-adventures')
        expect(Date.parse(game.lastValueChangeAt!)).toBeGreaterThan(Date.parse(was.lastValueChangeAt!))
      else expect(game).toEqual(was)
    }
  })
})

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
