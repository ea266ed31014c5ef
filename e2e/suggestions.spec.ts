import type { Page, TestInfo } from '@playwright/test'
import { valueEditorRole } from '../src/features/roles/rules'
import { formatValue, formatValueFull } from '../src/shared/format-value'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, PASSWORD, uniqueEmail } from './support/accounts'
import { scrollToEndOf } from './support/pages'
import { E2E_ORIGIN } from './support/ports'
import { grantRole } from './support/roles'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`
const rand = () => Math.floor(Math.random() * 250) + 1

/** Signs the page's browser out and in as a new verified user with a username. */
async function becomeNewUser(page: Page, testInfo: TestInfo, name: string) {
  await page.context().clearCookies()
  const email = uniqueEmail(testInfo, name)
  await createUser(page.request, email, `${name.slice(0, 4)}_${stamp()}`)
  return email
}

test.describe('value suggestions', () => {
  test('a trader suggests a value, another votes, an editor approves: the value changes and the trader is told', async ({
    page,
  }, testInfo) => {
    test.slow() // three accounts and a role
    // An item no other journey changes (the journey runs at 1280 px, its vote on a 390 px phone).
    const item = { id: 'rocket', name: 'Rocket' }
    const itemPage = `/values/blox-fruits/${item.id}`
    // 1.01M to 9.99M: typed as the site writes it ("4.56M").
    const value = (Math.floor(Math.random() * 899) + 101) * 10_000
    const reason = `Sold for this twice today (${stamp()})`

    // A trader suggests a value on the item page.
    const suggester = await becomeNewUser(page, testInfo, 'suggester')
    await page.goto(itemPage)
    await scrollToEndOf(page.getByRole('region', { name: 'Value history' }))
    const section = page.getByRole('region', { name: 'Value suggestions' })
    await section.getByLabel('Suggested value').fill(formatValue(value))
    await section.getByLabel('Reason').fill(reason)
    await section.getByLabel('Evidence link (optional)').fill('https://example.com/trades/1')
    await section.getByRole('button', { name: 'Suggest value' }).click()
    const card = section.getByRole('listitem').filter({ hasText: reason })
    await expect(card).toContainText(formatValue(value))
    await expect(card).toContainText('(you)')
    await expect(card.getByRole('link', { name: /Evidence/ })).toHaveAttribute(
      'href',
      'https://example.com/trades/1',
    )
    await expect(section).toContainText(`Your suggestion for ${item.name} is open`)
    await expectAccessible(page)

    // Another trader, on a phone, votes it up with one tap.
    await becomeNewUser(page, testInfo, 'voter')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(itemPage)
    await scrollToEndOf(page.getByRole('region', { name: 'Value history' }))
    const up = card.getByRole('button', { name: /^Vote up/ })
    await expect(up).toHaveAccessibleName('Vote up (0)')
    await up.click()
    await expect(up).toHaveAttribute('aria-pressed', 'true')
    await expect(up).toHaveAccessibleName('Vote up (1)')
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390)
    await expectAccessible(page)
    await page.setViewportSize({ width: 1280, height: 800 })

    // An editor of Blox Fruits approves it: the item's value is the suggested one.
    const editor = await becomeNewUser(page, testInfo, 'editor')
    await grantRole(editor, valueEditorRole('blox-fruits'))
    await page.goto(itemPage)
    await scrollToEndOf(page.getByRole('region', { name: 'Value history' }))
    await expect(card.getByRole('button', { name: 'Vote up (1)' })).toBeVisible()
    await expectAccessible(page)
    // The value grows by far more than 90 %: Approve asks first, in place, with the change in words.
    await card.getByRole('button', { name: 'Approve' }).click()
    const confirm = card.getByRole('group', { name: /^Approve a change of \+\d+%\?$/ })
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await expectAccessible(page)
    await confirm.getByRole('button', { name: 'Approve anyway' }).click()
    await expect(card).toContainText('Approved')
    await expect(page.getByText(formatValueFull(value), { exact: true })).toBeVisible()

    // The trader finds the approval in the notification center, linking back to the item (beside the
    // value-contributor achievement it earned).
    await page.context().clearCookies()
    const signedIn = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: E2E_ORIGIN, 'x-forwarded-for': `10.${rand()}.${rand()}.${rand()}` },
      data: { email: suggester, password: PASSWORD },
    })
    expect(signedIn.ok()).toBe(true)
    await page.goto('/notifications')
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName(
      'Notifications, 2 unread',
    )
    const history = page.getByRole('list', { name: 'Notifications' })
    const approval = history.getByRole('link', {
      name: new RegExp(`Your suggestion for ${item.name} was approved`),
    })
    await expect(approval).toHaveAttribute('href', `${itemPage}#suggest`)
    await expectAccessible(page)
    await approval.click()
    await expect(page).toHaveURL(new RegExp(`${itemPage}#suggest$`))
    await expect(card).toContainText('Approved')
    await expect(page.getByText(formatValueFull(value), { exact: true })).toBeVisible()
  })
})
