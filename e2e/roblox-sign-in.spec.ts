import { expect, expectAccessible, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { actAsRobloxUser } from './support/roblox'

/** A Roblox username no other journey (or project) uses: letters and digits, at most 20. */
const robloxName = (prefix: string, project: string) =>
  `${prefix}${project.slice(0, 3)}${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`.slice(0, 20)

test.describe('Sign in with Roblox @phone', () => {
  test('a visitor signs in with Roblox: signed in without an e-mail, the Roblox account Verified', async ({
    page,
  }, testInfo) => {
    const name = robloxName('Rbx', testInfo.project.name)
    await actAsRobloxUser(page, name)
    await page.goto('/sign-in?redirect=%2Fprofile')
    await page.getByRole('button', { name: 'Sign in with Roblox' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByText('Welcome!')).toBeVisible()

    // Named after the Roblox username: no username to choose.
    await expect(page.getByRole('dialog', { name: 'Choose Your Username' })).toHaveCount(0)
    const card = page.getByRole('region', { name: 'Profile' })
    await expect(card).toContainText(`@${name.toLowerCase()}`)
    await expect(card).toContainText('Verified')
    await expect(card).toContainText(`${name} Display (@${name})`)

    // No e-mail: none is shown, and the trader is invited to add one.
    await page.goto('/profile?tab=account')
    const email = page.getByRole('form', { name: 'E-mail' })
    await expect(email).toContainText('No e-mail yet.')
    await expect(email.getByRole('button', { name: 'Add e-mail' })).toBeVisible()
    await expect(page.getByText('@no-email.invalid')).toHaveCount(0)
    await expectAccessible(page)

    // Connections: Roblox is the way in, and the Roblox account is verified.
    await page.goto('/profile?tab=connections')
    const signInRow = page
      .getByRole('region', { name: 'Ways to sign in' })
      .getByRole('listitem')
      .filter({ hasText: 'Roblox' })
    await expect(signInRow).toContainText('Linked')
    const roblox = page.getByRole('region', { name: 'Roblox' })
    await expect(roblox).toContainText(`@${name}`)
    await expect(roblox).toContainText('Verified on')
    await expectAccessible(page)
  })

  test('a trader signed in with a password links Roblox from the settings and is shown Verified', async ({
    page,
  }, testInfo) => {
    const username = `rbxlink_${testInfo.project.name}_${Date.now() % 100000}`
    await createUser(page.request, uniqueEmail(testInfo, 'roblox-link'), username)
    const name = robloxName('Lnk', testInfo.project.name)
    await actAsRobloxUser(page, name)

    await page.goto('/profile?tab=connections')
    const roblox = page.getByRole('region', { name: 'Roblox' })
    // Beside the phrase in the About, for those who do not want Roblox's sign-in.
    await expect(roblox.getByRole('link', { name: 'Verify your Roblox account' })).toBeVisible()
    await roblox.getByRole('button', { name: 'Link Roblox' }).click()

    await expect(page).toHaveURL(/\/profile\?tab=connections$/)
    await expect(roblox).toContainText(`@${name}`)
    await expect(roblox).toContainText('Verified on')
    await expect(
      page
        .getByRole('region', { name: 'Ways to sign in' })
        .getByRole('listitem')
        .filter({ hasText: 'Roblox' }),
    ).toContainText('Linked')

    // Others see the Verified badge on the public profile.
    await page.goto(`/u/${username}`)
    const card = page.getByRole('region', { name: 'Profile' })
    await expect(card).toContainText('Verified')
    await expect(card).toContainText(`${name} Display (@${name})`)
    await expectAccessible(page)
  })
})
