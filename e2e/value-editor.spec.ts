import sharp from 'sharp'
import { expect, expectAccessible, test, waitForAppOnLoad } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { grantRole } from './support/roles'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`

test.describe('value editor', () => {
  test('an editor changes a value with a reason and uploads an image; a visitor on a phone sees the value, the history, the list, the log and the image', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow() // an account, a role, four pages with axe
    const email = uniqueEmail(testInfo, 'editor')
    const username = `editor_${stamp()}`
    await createUser(page.request, email, username)
    await grantRole(email, 'blox-fruits-value-editor')

    // An item of the test's own, a fruit like Kitsune (640M, Physical and Permanent): other journeys
    // count on the catalog's values.
    const name = `Test Fruit ${stamp()}`
    const created = await page.request.post('/api/admin/items/blox-fruits', {
      headers: { origin: E2E_ORIGIN },
      data: {
        name,
        value: '640M',
        variants: { physical: '640M', permanent: '6.24B' },
        category: 'fruit',
        rarity: 'Rare',
        reason: 'A fruit for this test',
      },
    })
    expect(created.status()).toBe(201)
    const item = { id: ((await created.json()) as { id: string }).id, name }
    const before = (await (await page.request.get(`/api/games/blox-fruits/items/${item.id}`)).json()) as {
      item: { value: number }
      history: unknown[]
    }
    expect(before.item.value).toBe(640_000_000)
    const newValue = 700_000_000
    const reason = `Trades above its value ${stamp()}`

    await page.goto(`/values/blox-fruits/${item.id}`)
    const editor = page.getByRole('region', { name: 'Edit this item' })
    // One field for the value and its Physical fruit value; Permanent fruit has its own.
    const valueField = editor.getByLabel('Value (Physical fruit)')
    await expect(editor.getByLabel('Physical fruit value')).toHaveCount(0)
    await expect(editor.getByLabel('Permanent fruit value')).toHaveValue('6.24B')
    await expect(valueField).toHaveValue('640M')
    // A value the parser cannot read: the error is under the Value field, not under the reason.
    await valueField.fill('700X')
    await editor.getByLabel('Reason for this change').fill(reason)
    await editor.getByRole('button', { name: 'Save changes' }).click()
    await expect(valueField).toHaveAttribute('aria-invalid', 'true')
    await expect(valueField).toHaveAccessibleDescription(/"X" is not a value suffix/)
    await expect(editor.getByLabel('Reason for this change')).not.toHaveAttribute('aria-invalid', 'true')
    // The notation the site shows.
    await valueField.fill('700M')
    await editor.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Saved', { exact: true })).toBeVisible()
    await expect(valueField).not.toHaveAttribute('aria-invalid', 'true')

    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 30, g: 160, b: 220, alpha: 1 } },
    })
      .png()
      .toBuffer()
    await editor.getByLabel(/^Image/).setInputFiles({ name: 'fruit.png', mimeType: 'image/png', buffer: png })
    await expect(page.getByText('Image uploaded', { exact: true })).toBeVisible()
    await expectAccessible(page)

    // A visitor, on a phone of their own.
    const visitorContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    })
    const visitor = waitForAppOnLoad(await visitorContext.newPage())
    try {
      await visitor.goto(`/values/blox-fruits/${item.id}`)
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(item.name)
      // One value: the item's and its Physical fruit's.
      const variants = visitor.getByRole('region', { name: 'Values by variant' })
      await expect(variants.getByRole('listitem').filter({ hasText: 'Physical fruit' })).toContainText('700M')
      await expect(variants.getByRole('listitem').filter({ hasText: 'Permanent fruit' })).toContainText(
        '6.24B',
      )
      const points = before.history.length + 1
      await expect(visitor.getByRole('img', { name: /^Value history/ })).toHaveAccessibleName(
        new RegExp(`^Value history\\. ${points} value points .* to ${newValue.toLocaleString('en')} on`),
      )

      await visitor.goto(`/trade-helper/blox-fruits?search=${encodeURIComponent(item.name)}`)
      // The list's row (the game's latest changes, below the list, name the item too).
      const row = visitor
        .getByRole('listitem')
        .filter({ has: visitor.getByRole('link', { name: new RegExp(`^${item.name}`) }) })
        .first()
      await expect(row.getByText('+9%')).toBeVisible()
      await expect(row.locator('img[src*="/uploads/items/blox-fruits/"]')).toBeVisible()
      await expect
        .poll(() => visitor.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390)
      await expectAccessible(visitor)

      await visitor.goto('/values/changes?game=blox-fruits')
      const entry = visitor.getByRole('listitem').filter({ hasText: reason })
      await expect(entry.getByRole('link', { name: item.name })).toBeVisible()
      await expect(entry.getByText('+9%')).toBeVisible()
      await expect(entry.getByText(`@${username}`)).toBeVisible()
      await expectAccessible(visitor)

      await visitor.goto(`/trade-helper/blox-fruits?tab=wfl&give=${item.id}`)
      await expect(visitor.locator('img[src*="/uploads/items/blox-fruits/"]').first()).toBeVisible()

      // The calculator counts the fruit and its Physical fruit at one value: a fair trade of 700M each.
      await visitor.goto(`/trade-helper/blox-fruits?tab=wfl&give=${item.id}&get=${item.id}~physical`)
      await expect(visitor.getByRole('region', { name: 'You give' })).toContainText('You give total: 700M')
      await expect(visitor.getByRole('region', { name: 'You get' })).toContainText('You get total: 700M')
      await expect(
        visitor.getByRole('region', { name: 'Result' }).getByText('Fair', { exact: true }),
      ).toBeVisible()
    } finally {
      await visitorContext.close()
    }
  })
})
