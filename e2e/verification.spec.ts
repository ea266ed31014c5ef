import { expect, expectAccessible, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { addRobloxUser, setRobloxAbout } from './support/roblox'

test.describe('trader verification', { tag: '@phone' }, () => {
  test('a trader verifies their Roblox account with a phrase in its About, then unlinks it', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    allowConsoleError(/status of 400/) // the first Check, before the phrase is in the About
    const name = `Fox${testInfo.project.name.slice(0, 3)}${Date.now() % 1_000_000}`
    const roblox = await addRobloxUser(page.request, name, 'Fox Trader')

    // A visitor is asked to sign in first.
    await page.goto('/verification')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trader verification')
    await expect(
      page.getByRole('main').getByText('Sign in to verify the Roblox account you trade with.'),
    ).toBeVisible()

    const username = `fox_${testInfo.project.name}_${Date.now() % 1_000_000}`
    await createUser(page.request, uniqueEmail(testInfo, 'verify'), username)
    await page.goto('/verification')
    await page.getByLabel('Roblox username').fill(name)
    await page.getByRole('button', { name: 'Get my phrase' }).click()
    const phraseBox = page.getByRole('region', { name: /Put this phrase/ })
    await expect(phraseBox).toContainText(`(@${name})`)
    const phrase = (await phraseBox.locator('p.font-mono').textContent())?.trim() ?? ''
    expect(phrase.split(' ')).toHaveLength(6)
    await expectAccessible(page)

    // Not in the About yet: said so, nothing linked.
    await phraseBox.getByRole('button', { name: 'Check' }).click()
    await expect(page.getByText("The phrase is not in your Roblox profile's About yet")).toBeVisible()

    await setRobloxAbout(page.request, roblox.id, `Trading every day. ${phrase}`)
    await phraseBox.getByRole('button', { name: 'Check' }).click()
    const verified = page.getByRole('region', { name: 'Verified' })
    await expect(verified).toContainText('Fox Trader')
    await expect(verified).toContainText(`(@${name})`)
    await expectAccessible(page)

    await verified.getByRole('button', { name: 'Unlink this Roblox account' }).click()
    await expect(page.getByLabel('Roblox username')).toBeVisible()
  })
})
