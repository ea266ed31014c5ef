import { expect, expectAccessible, test, waitForAppOnLoad } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { grantRole, signInAsPrimaryAdmin } from './support/roles'

test.describe('official price imports', () => {
  test.skip(({ isMobile }) => isMobile, 'the admin area is checked at 390 px by the site shell')

  test('an admin opens Imports and runs the Pet Simulator 99 import now; a value editor of the game sees only its import', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow() // two accounts, one of them given a role
    await signInAsPrimaryAdmin(page.request)
    await page.goto('/admin')
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Imports' })
      .click()
    await expect(page).toHaveURL(/\/admin\/imports$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imports')

    const ps99 = page.getByRole('region', { name: 'Pet Simulator 99' })
    await expect(page.getByRole('region', { name: 'PETS GO!' })).toBeVisible()
    // The e2e server has no schedule: Import now only.
    await expect(ps99.getByText('Not scheduled (the hourly import is off)')).toBeVisible()
    await expectAccessible(page)

    await ps99.getByRole('button', { name: 'Import now Pet Simulator 99' }).click()
    await expect(page.getByText(/^Pet Simulator 99: (1 value changed|No value changed)$/)).toBeVisible()
    await expect(ps99.getByText(/^OK: /)).toBeVisible()
    await expect(ps99.getByText('Last run').locator('xpath=following-sibling::dd[1]')).not.toHaveText('Never')
    const count = (label: string) =>
      ps99.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]')
    await expect(count('Prices fetched')).toHaveText('4')
    await expect(count('Matched')).toHaveText('2')
    await expect(count('Unknown items')).toHaveText('1')
    await expect(count('Skipped')).toHaveText('1')
    await expect(ps99.getByRole('heading', { name: 'Unknown items (1)' })).toBeVisible()
    await expect(ps99.getByRole('listitem').filter({ hasText: 'Huge Imaginary Yeti' })).toBeVisible()
    await expectAccessible(page)

    const context = await browser.newContext()
    const editor = waitForAppOnLoad(await context.newPage())
    const email = uniqueEmail(testInfo, 'ps99-editor')
    await createUser(editor.request, email, `pe_${Date.now() % 100000}`)
    await grantRole(email, 'pet-simulator-99-value-editor')
    await editor.goto('/admin/imports')
    await expect(editor.getByRole('region', { name: 'Pet Simulator 99' })).toBeVisible()
    await expect(editor.getByRole('region', { name: 'PETS GO!' })).toHaveCount(0)
    const sections = editor.getByRole('navigation', { name: 'Admin sections' }).getByRole('link')
    await expect(sections).toHaveText(['Value tools', 'Imports'])
    await editor.goto('/admin')
    await expect(editor.getByText(/You do not have access to the admin area/)).toBeVisible()
    await expect(editor.getByRole('main').getByRole('link', { name: 'Imports' })).toHaveAttribute(
      'href',
      '/admin/imports',
    )
    await context.close()
  })
})
