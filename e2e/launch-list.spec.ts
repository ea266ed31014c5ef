import { expect, expectAccessible, test } from './fixtures'
import { linkIn, waitForMail } from './support/mail'

const unique = (testInfo: { project: { name: string } }, name: string) =>
  `${name}.${testInfo.project.name}.${Date.now()}@example.com`

test.describe('early-access launch list', () => {
  test(
    'sign up, receive the mail, verify by its link; signing up again says Already verified',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      const email = unique(testInfo, 'trader')
      await page.goto('/')
      const form = page.getByRole('form', { name: 'Join the launch list' })
      const submit = form.getByRole('button', { name: 'Get Early Access' })
      await expect(submit).toBeDisabled()
      await form.getByLabel('E-mail address').fill(`  ${email.toUpperCase()} `)
      await expect(submit).toBeEnabled()
      await submit.click()

      await expect(page.getByText('Check your inbox')).toBeVisible()
      await expect(page.getByText(email, { exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled()
      await expectAccessible(page)

      const mail = await waitForMail(email)
      expect(mail.subject).toBe('Verify Your Email for Early Launch Access')
      expect(mail.headers['list-unsubscribe']).toMatch(/one-click-unsubscribe\?token=/)
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
      expect(mail.text).toMatch(/Gmail[\s\S]*Outlook[\s\S]*Yahoo Mail/)
      expect(linkIn(mail, /\/safe-sender-guide$/)).toBeTruthy()

      await page.goto(linkIn(mail, /\/\?token=/))
      await expect(page.getByText('Email Verified')).toBeVisible()
      await expect(page.getByText("You're on the list!")).toBeVisible()
      await expect(page).toHaveURL(/localhost:\d+\/$/) // the token is gone from the address
      await expectAccessible(page)

      // The same address in other case and with spaces.
      await page.getByRole('button', { name: 'Register Another Email' }).click()
      await form.getByLabel('E-mail address').fill(`   ${email.replace('trader', 'TRADER')}   `)
      await form.getByRole('button', { name: 'Get Early Access' }).click()
      await expect(page.getByText('Already verified')).toBeVisible()
      await expect(page.getByText("You're on the list!")).toBeVisible()
    },
  )

  test('a re-sign-up after the resend countdown invalidates the first link; unsubscribe from the mail', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    allowConsoleError(/status of 400/) // the browser logs the refused first link
    const email = unique(testInfo, 'again')
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Join the launch list' })
    await form.getByLabel('E-mail address').fill(email)
    await form.getByRole('button', { name: 'Get Early Access' }).click()
    const first = await waitForMail(email, 1)

    // The resend control counts down from 10 seconds and is disabled meanwhile.
    const countdown = page.getByRole('button', { name: /Resend in \d+s/ })
    await expect(countdown).toBeDisabled()
    const startedAt = Number((await countdown.textContent())!.match(/\d+/)![0])
    expect(startedAt).toBeGreaterThanOrEqual(9)
    await expect(page.getByRole('button', { name: `Resend in ${startedAt - 2}s` })).toBeVisible({
      timeout: 4_000,
    })
    await expect(page.getByRole('button', { name: 'Resend email' })).toBeEnabled({ timeout: 12_000 })

    // Sign up again with the same unverified address: a new link replaces the first.
    await page.getByRole('button', { name: 'Register Another Email' }).click()
    await form.getByLabel('E-mail address').fill(email)
    await form.getByRole('button', { name: 'Get Early Access' }).click()
    await expect(page.getByText('Check your inbox')).toBeVisible()
    const second = await waitForMail(email, 2)

    await page.goto(linkIn(first, /\/\?token=/))
    await expect(page.getByText('Verification failed. The link may be expired or invalid.')).toBeVisible()
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(form.getByLabel('E-mail address')).toBeVisible()

    await page.goto(linkIn(second, /\/\?token=/))
    await expect(page.getByText('Email Verified')).toBeVisible()

    await page.goto(linkIn(second, /\/unsubscribe\?token=/))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe')
    await expect(
      page.getByText(`You are unsubscribed: ${email} will get no more launch e-mails.`),
    ).toBeVisible()
    await expectAccessible(page)
  })

  test('resend sends a new mail once the countdown is over', async ({ page }, testInfo) => {
    const email = unique(testInfo, 'resend')
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Join the launch list' })
    await form.getByLabel('E-mail address').fill(email)
    await form.getByRole('button', { name: 'Get Early Access' }).click()
    await waitForMail(email, 1)
    await page.getByRole('button', { name: 'Resend email' }).click({ timeout: 12_000 })
    await expect(page.getByText('Verification e-mail sent')).toBeVisible()
    await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled()
    const second = await waitForMail(email, 2)
    // The second entry to verification: /verify-subscription?token=...
    await page.goto(linkIn(second, /\/\?token=/).replace('/?token=', '/verify-subscription?token='))
    await expect(page.getByText('Email Verified')).toBeVisible()
  })

  test('an invalid address is refused with a clear message and kept in the field', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/) // the browser logs the refused request
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Join the launch list' })
    await form.getByLabel('E-mail address').fill('not-an-email')
    await form.getByRole('button', { name: 'Get Early Access' }).click()
    await expect(form.getByText('Enter a valid e-mail address')).toBeVisible()
    await expect(form.getByLabel('E-mail address')).toHaveValue('not-an-email')
    await expect(form.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true')
  })
})

test.describe('launch list failures show the spec messages', () => {
  test('a server failure on sign-up keeps what was typed', async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 500/)
    await page.route('**/api/launch-list/subscribe', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"INTERNAL","message":"Something went wrong"}}',
      }),
    )
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Join the launch list' })
    await form.getByLabel('E-mail address').fill('kept@example.com')
    await form.getByRole('button', { name: 'Get Early Access' }).click()
    await expect(page.getByText('Subscription failed')).toBeVisible()
    await expect(page.getByText('An error occurred. Please try again later.')).toBeVisible()
    await expect(page.getByText('Failed to subscribe. Please try again later.')).toBeVisible()
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(form.getByLabel('E-mail address')).toHaveValue('kept@example.com')
  })

  test('a failed resend shows its toast', async ({ page, allowConsoleError }, testInfo) => {
    allowConsoleError(/status of 500/)
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Join the launch list' })
    await form
      .getByLabel('E-mail address')
      .fill(`resend-fail.${testInfo.project.name}.${Date.now()}@example.com`)
    await form.getByRole('button', { name: 'Get Early Access' }).click()
    await expect(page.getByText('Check your inbox')).toBeVisible()
    await page.route('**/api/launch-list/resend', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"INTERNAL","message":"x"}}',
      }),
    )
    await page.getByRole('button', { name: 'Resend email' }).click({ timeout: 12_000 })
    await expect(page.getByText('Failed to resend email.')).toBeVisible()
  })

  test('an error during verification says so', async ({ page, allowConsoleError }) => {
    allowConsoleError(/ERR_FAILED/) // the browser logs the failed request
    await page.route('**/api/launch-list/verify', (route) => route.abort('failed'))
    await page.goto(`/?token=${'a'.repeat(43)}`)
    await expect(page.getByText('An error occurred during verification. Please try again.')).toBeVisible()
    await expect(page).toHaveURL(/localhost:\d+\/$/)
  })
})
