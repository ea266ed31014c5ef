import { expect, expectAccessible, test } from './fixtures'
import { actAsOidcUser, createUser, uniqueEmail } from './support/accounts'

test.describe('sign in with an OpenID Connect provider', () => {
  test('a new trader signs in with the provider and picks a username', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'oidc-new')
    await actAsOidcUser(page, email)
    await page.goto('/sign-in?redirect=%2Fprofile')
    await page.getByRole('button', { name: 'Test ID' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByText('Welcome!')).toBeVisible()
    const modal = page.getByRole('dialog', { name: 'Choose Your Username' })
    await modal.getByLabel('Username').fill(`oidc_${testInfo.project.name}_${Date.now() % 100000}`)
    await modal.getByRole('button', { name: 'Save username' }).click()
    await expect(modal).toBeHidden()
    await page.goto('/profile?tab=connections')
    const row = page
      .getByRole('region', { name: 'Ways to sign in' })
      .getByRole('listitem')
      .filter({ hasText: 'Test ID' })
    await expect(row).toContainText('Linked')
    // The provider is the only way in: it cannot be unlinked.
    await expect(row.getByRole('button', { name: 'Unlink' })).toBeDisabled()
    await expectAccessible(page)
  })

  test('the provider links to an existing account with the same e-mail; unlink it again', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'oidc-link')
    const username = `link_${testInfo.project.name}_${Date.now() % 100000}`
    await createUser(page.request, email, username)
    await page.context().clearCookies()
    await actAsOidcUser(page, email)
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Test ID' }).click()
    await expect(page.getByText('Welcome!')).toBeVisible()
    // The same account: its username is already set, so no username modal.
    await page.goto('/profile')
    await expect(page.getByText(`@${username}`)).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Choose Your Username' })).toHaveCount(0)

    await page.goto('/profile?tab=connections')
    const provider = page
      .getByRole('region', { name: 'Ways to sign in' })
      .getByRole('listitem')
      .filter({ hasText: 'Test ID' })
    const password = page
      .getByRole('region', { name: 'Ways to sign in' })
      .getByRole('listitem')
      .filter({ hasText: 'E-mail and password' })
    await expect(provider).toContainText('Linked')
    await expect(password).toContainText('Linked')
    await provider.getByRole('button', { name: 'Unlink' }).click()
    await expect(page.getByText('Connection removed')).toBeVisible()
    await expect(provider).toContainText('Not linked')
    await expect(password.getByRole('button', { name: 'Unlink' })).toBeDisabled()

    // Link it again from the Connections tab.
    await provider.getByRole('button', { name: 'Link' }).click()
    await expect(page).toHaveURL(/\/profile\?tab=connections$/)
    await expect(
      page
        .getByRole('region', { name: 'Ways to sign in' })
        .getByRole('listitem')
        .filter({ hasText: 'Test ID' }),
    ).toContainText('Linked')
  })
})
