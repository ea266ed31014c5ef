import { expect, expectAccessible, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'

test.describe('public API', () => {
  test('a visitor finds the API reference from the documentation and reads it, with its OpenAPI document', async ({
    page,
  }) => {
    await page.goto('/docs')
    await page.getByRole('link', { name: 'API reference' }).click()
    await expect(page).toHaveURL(/\/docs\/api$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('API reference')
    await expect(page.getByRole('heading', { name: 'Games and items', level: 2 })).toBeVisible()
    const items = page.getByRole('region', { name: "A game's items" })
    await expect(items.getByText('GET /api/v1/games/{game}/items')).toBeVisible()
    await expect(items.getByRole('cell', { name: 'pageSize' })).toBeVisible()
    await expect(page.getByRole('region', { name: "A game's stock", exact: true })).toBeVisible()
    const trading = page.getByRole('region', { name: 'Trading', exact: true })
    await expect(trading.getByRole('heading', { name: 'Trading', level: 2 })).toBeVisible()
    const ads = trading.getByRole('region', { name: 'Open trade ads' })
    await expect(ads.getByText('GET /api/v1/trade-ads', { exact: true })).toBeVisible()
    await expect(ads.getByRole('cell', { name: 'wants', exact: true })).toBeVisible()
    await expect(trading.getByRole('region', { name: "A trader's public profile" })).toContainText(
      'GET /api/v1/traders/{username}',
    )
    await expectAccessible(page)

    // The server's own HTML has the reference too (no script needed), and the document it is made from.
    const html = await (await page.request.get('/docs/api')).text()
    expect(html).toContain('/api/v1/games/{game}/items')
    expect(html).toContain('/api/v1/trade-ads/{id}')
    const doc = await page.request.get('/api/v1/openapi.json')
    expect(doc.ok()).toBe(true)
    expect((await doc.json()).openapi).toBe('3.1.0')
  })

  test('a trader makes an API key, sees it once, uses it and revokes it', async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {})
    const s = `${testInfo.project.name.slice(0, 2)}${Date.now() % 1_000_000}`
    await createUser(page.request, uniqueEmail(testInfo, 'apikey'), `ak_${s}`)
    await page.goto('/profile?tab=settings')
    const section = page.getByRole('region', { name: 'API keys' })
    await expect(section.getByText('No API keys yet.')).toBeVisible()
    await section.getByLabel('Key name').fill('My stock bot')
    await section.getByRole('button', { name: 'Create key' }).click()
    const shown = section.getByRole('textbox', { name: 'New API key' })
    await expect(shown).toHaveValue(/^thk_/)
    const key = await shown.inputValue()
    await expectAccessible(page)

    // The key raises the limit of a bot's requests.
    const answer = await page.request.get('/api/v1/games', { headers: { 'x-api-key': key } })
    expect(answer.status()).toBe(200)
    expect(answer.headers()['ratelimit-limit']).toBe('600')

    await section.getByRole('button', { name: 'Done' }).click()
    await expect(shown).toHaveCount(0)
    const list = section.getByRole('list', { name: 'API keys' })
    await expect(list.getByRole('listitem').filter({ hasText: 'My stock bot' })).toContainText('Created')
    await list.getByRole('button', { name: 'Revoke My stock bot' }).click() // it asks first
    await list.getByRole('button', { name: 'Revoke', exact: true }).click()
    await expect(list.getByText(/^Revoked/)).toBeVisible()
    expect((await page.request.get('/api/v1/games', { headers: { 'x-api-key': key } })).status()).toBe(401)
  })
})
