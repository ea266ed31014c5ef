import { expect, expectAccessible, test, waitForAppOnLoad } from './fixtures'
import { setUpHeaders } from './support/accounts'
import { waitForMail } from './support/mail'
import { PRIMARY_ADMIN, signInAsPrimaryAdmin } from './support/roles'

test.describe('contact form', () => {
  test('a visitor writes to the team; the admins get the mail and mark the message answered', async ({
    page,
    browser,
  }, testInfo) => {
    const words = `Kitsune shows two totals in the calculator (${testInfo.project.name} ${Date.now()}).`
    const sender = `contact-${testInfo.project.name}-${Date.now()}@example.com`

    // A visitor of their own client address (the form is limited per address).
    const visitor = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': setUpHeaders()['x-forwarded-for'] },
    })
    const form = waitForAppOnLoad(await visitor.newPage())
    await form.goto('/contact')
    await expect(form.getByRole('heading', { level: 1 })).toHaveText('Contact')
    // No Discord is configured here: the page does not send anyone there.
    await expect(form.getByRole('main').getByRole('link', { name: /Discord/ })).toHaveCount(0)

    // Checked before it is sent: each problem under its own field.
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.getByText('Choose what your message is about')).toBeVisible()
    await expect(form.getByText('Write at least 10 characters')).toBeVisible()
    await expect(form.getByText('Enter a valid e-mail address')).toBeVisible()
    await expectAccessible(form)

    await form.getByLabel('Topic').selectOption({ label: 'Bug report' })
    await form.getByLabel('Message').fill(words)
    await form.getByLabel('Your e-mail address').fill(sender)
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.getByRole('status')).toContainText('your message has reached the TradeHub team')
    await visitor.close()

    // The admins are mailed, with the sender as the address to reply to.
    const mail = await waitForMail(PRIMARY_ADMIN, 1, (m) => m.text.includes(words))
    expect(mail.subject).toBe('New contact message: Bug report')
    expect(mail.headers['reply-to']).toContain(sender)

    await signInAsPrimaryAdmin(page.request)
    await page.goto('/admin/contact')
    const item = page.getByRole('listitem').filter({ hasText: words })
    await expect(item).toContainText('Bug report')
    await expect(item.getByRole('link', { name: sender })).toHaveAttribute('href', `mailto:${sender}`)
    await expectAccessible(page)
    await item.getByLabel(/Status of message/).selectOption('answered')
    await expect(page.getByText('Marked Answered')).toBeVisible()
    // Off the list of new messages, on the list of answered ones.
    await expect(page.getByRole('listitem').filter({ hasText: words })).toHaveCount(0)
    await page.getByRole('button', { name: /^Answered/ }).click()
    await expect(page.getByRole('listitem').filter({ hasText: words })).toBeVisible()
  })
})
