import { expect, expectAccessible, test, waitForAppOnLoad } from './fixtures'

test.describe('Grow a Garden mutations and weight', () => {
  test('a crop with a variant, two mutations and a weight computes, is shared and reopens identically', {
    tag: '@phone',
  }, async ({ page, browser }) => {
    await page.goto('/trade-helper/grow-a-garden?tab=wfl')
    const give = page.getByRole('region', { name: 'You give' })
    const get = page.getByRole('region', { name: 'You get' })
    const result = page.getByRole('region', { name: 'Result' })
    const addTo = async (side: typeof give, text: string, name: string) => {
      await side.getByRole('combobox', { name: /^Add an item/ }).fill(text)
      await side
        .getByRole('option', { name: new RegExp(`^${name}`) })
        .first()
        .click()
      await expect(side.getByRole('link', { name, exact: true })).toBeVisible()
    }

    await addTo(give, 'carrot', 'Carrot')
    // A Normal Carrot at its base weight: its in-game sell value, 20 Sheckles.
    await expect(give.getByText('20 each (in-game sell value)')).toBeVisible()
    await give.getByLabel('Variant of Carrot').selectOption('gold')
    await expect(page).toHaveURL(/give=carrot!gold(&|$)/)
    await give.getByLabel('Add a mutation to Carrot').selectOption('wet')
    await expect(page).toHaveURL(/give=carrot!gold\.wet(&|$)/)
    await give.getByLabel('Add a mutation to Carrot').selectOption('shocked')
    await expect(page).toHaveURL(/give=carrot!gold\.shocked\.wet(&|$)/)
    await give.getByLabel('Weight of Carrot in kg').fill('0.55')
    // 20 × Gold 20 × (1 + 1 + 99) × (0.55 / 0.275)² = 161,600.
    await expect(give.getByText(/each \(in-game sell value\)/)).toContainText('161,600')
    await expect(give.getByRole('list', { name: 'Mutations of Carrot' }).getByRole('listitem')).toHaveText([
      'Shocked ×100',
      'Wet ×2',
    ])
    await expect(page).toHaveURL(/give=carrot!gold\.shocked\.wet_0\.55(&|$)/)

    await addTo(get, 'candy blossom', 'Candy Blossom')
    await get.getByLabel('Variant of Candy Blossom').selectOption('gold')
    await expect(get.getByText(/each \(in-game sell value\)/)).toContainText('2,000,000')
    await expect(result.getByText('Win', { exact: true })).toBeVisible()

    // Wet and Chilled make Frozen, as in the game.
    await give.getByLabel('Add a mutation to Carrot').selectOption('chilled')
    await expect(give.getByText(/With Chilled the crop holds Frozen, Shocked/)).toBeVisible()
    await give.getByRole('button', { name: 'Remove Frozen from Carrot' }).click()
    await expect(page).toHaveURL(/give=carrot!gold\.shocked_0\.55(&|$)/)
    await give.getByLabel('Add a mutation to Carrot').selectOption('wet')
    await expect(page).toHaveURL(/give=carrot!gold\.shocked\.wet_0\.55(&|$)/)

    // The Remove button is a comfortable target.
    const remove = await give.getByRole('button', { name: 'Remove Carrot', exact: true }).boundingBox()
    expect(Math.min(remove!.width, remove!.height)).toBeGreaterThanOrEqual(24)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    )
    await expectAccessible(page)

    // The link alone reopens the same crop, the same totals and the same verdict in a fresh browser.
    const shared = page.url()
    const fresh = await browser.newContext()
    const other = waitForAppOnLoad(await fresh.newPage())
    await other.goto(shared)
    const otherGive = other.getByRole('region', { name: 'You give' })
    await expect(otherGive.getByLabel('Variant of Carrot')).toHaveValue('gold')
    await expect(otherGive.getByLabel('Weight of Carrot in kg')).toHaveValue('0.55')
    await expect(
      otherGive.getByRole('list', { name: 'Mutations of Carrot' }).getByRole('listitem'),
    ).toHaveText(['Shocked ×100', 'Wet ×2'])
    await expect(otherGive.getByText(/each \(in-game sell value\)/)).toContainText('161,600')
    await expect(
      other.getByRole('region', { name: 'You get' }).getByLabel('Variant of Candy Blossom'),
    ).toHaveValue('gold')
    await expect(
      other.getByRole('region', { name: 'Result' }).getByText('Win', { exact: true }),
    ).toBeVisible()
    expect(other.url()).toBe(shared)
    await fresh.close()
  })

  test('the item page values a crop at a chosen weight and mutations', async ({ page }) => {
    await page.goto('/values/grow-a-garden/carrot')
    const tool = page.getByRole('region', { name: 'Value at a weight and mutations' })
    await expect(tool.getByText('Carrot: 20 in-game sell value (Sheckles)')).toBeVisible()
    await tool.getByLabel('Variant').selectOption('gold')
    await tool.getByLabel('Add a mutation').selectOption('wet')
    await expect(tool.getByRole('listitem')).toHaveText(['Wet ×2'])
    await tool.getByLabel('Add a mutation').selectOption('shocked')
    // A third decimal is corrected in the box, which always shows the weight counted.
    await tool.getByLabel('Weight (kg)').fill('0.554')
    await expect(tool.getByLabel('Weight (kg)')).toHaveValue('0.55')
    await expect(tool.getByText('Carrot (0.55 kg · Gold · Shocked · Wet): 161.6K')).toBeVisible()
    await expectAccessible(page)
  })
  test('a pet with a pet mutation and an age computes, is shared and reopens identically', async ({
    page,
    browser,
  }) => {
    await page.goto('/trade-helper/grow-a-garden?tab=wfl')
    const give = page.getByRole('region', { name: 'You give' })
    const get = page.getByRole('region', { name: 'You get' })
    for (const side of [give, get]) {
      await side.getByRole('combobox', { name: /^Add an item/ }).fill('raccoon')
      await side
        .getByRole('option', { name: /^Raccoon/ })
        .first()
        .click()
      await expect(side.getByRole('link', { name: 'Raccoon', exact: true })).toBeVisible()
    }
    await expect(give.getByText(/each/)).toContainText('400Sx')
    await give.getByLabel('Mutation of Raccoon').selectOption('golden')
    await expect(page).toHaveURL(/give=raccoon!golden(&|$)/)
    await give.getByLabel('Age of Raccoon').fill('45')
    await expect(page).toHaveURL(/give=raccoon!golden@45(&|$)/)
    // Golden ×1.5, age 45 weighs (45 + 10) / 11 = 5× its age-1 weight: 400Sx × 7.5 = 3Sp.
    await expect(give.getByText(/each/)).toContainText('3Sp')
    await expect(
      page.getByRole('region', { name: 'Result' }).getByText('Loss', { exact: true }),
    ).toBeVisible()
    await expectAccessible(page)

    const shared = page.url()
    const fresh = await browser.newContext()
    const other = waitForAppOnLoad(await fresh.newPage())
    await other.goto(shared)
    const otherGive = other.getByRole('region', { name: 'You give' })
    await expect(otherGive.getByLabel('Mutation of Raccoon')).toHaveValue('golden')
    await expect(otherGive.getByLabel('Age of Raccoon')).toHaveValue('45')
    await expect(otherGive.getByText(/each/)).toContainText('3Sp')
    expect(other.url()).toBe(shared)
    await fresh.close()

    await page.goto('/values/grow-a-garden/raccoon')
    const tool = page.getByRole('region', { name: 'Value at an age and mutation' })
    await tool.getByLabel('Pet mutation').selectOption('ascended')
    await tool.getByLabel('Age').fill('100')
    await expect(tool.getByText('Raccoon (Age 100 · Ascended): 20Sp')).toBeVisible()
  })
})
