import sharp from 'sharp'
import { totpFromSecret } from '../src/test/totp'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, PASSWORD, signInWithPassword, uniqueEmail } from './support/accounts'
import { linkIn, waitForMail } from './support/mail'

test.describe('accounts', () => {
  test('sign up, verify by mail, choose a username, edit the profile, sign out, sign in again', async ({
    page,
    request,
    allowConsoleError,
  }, testInfo) => {
    test.slow() // the longest journey: a dozen pages and two mails
    allowConsoleError(/status of (400|409)/) // the refused username and password
    const taken = `taken_${testInfo.project.name}_${Date.now() % 100000}`
    await createUser(request, uniqueEmail(testInfo, 'other'), taken)
    const email = uniqueEmail(testInfo, 'newbie')

    await page.goto('/values-and-wfl')
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fvalues-and-wfl$/)
    await page.getByRole('button', { name: 'Create an account' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account')
    await expectAccessible(page)
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill('password')
    await expect(page.getByText(/^Password is too weak: .*avoid a common password\.$/)).toBeVisible()
    await page.getByRole('button', { name: 'Create account' }).click()
    // The server refuses it too: said once, under the field, which is marked invalid.
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(/Password is too weak/)).toHaveCount(1)
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(/^Password is too weak: /)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()

    const mail = await waitForMail(email)
    expect(mail.subject).toBe('Verify your e-mail for TradeHub')
    await page.goto(linkIn(mail, /\/api\/auth\/verify-email/))
    // Back where the user started, signed in, and asked for a username that cannot be dismissed.
    await expect(page).toHaveURL(/\/values-and-wfl$/)
    await expect(page.getByText('Welcome!')).toBeVisible()
    const modal = page.getByRole('dialog', { name: 'Choose Your Username' })
    await expect(modal).toBeVisible()
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect(modal).toBeVisible()

    const input = modal.getByLabel('Username')
    const save = modal.getByRole('button', { name: 'Save username' })
    await input.fill('ab')
    await save.click()
    await expect(modal.getByRole('alert')).toHaveText('Username must be at least 3 characters')
    await input.fill('Kitsune Fan')
    await expect(input).toHaveValue('kitsune fan')
    await save.click()
    await expect(modal.getByRole('alert')).toHaveText(
      'Username can only contain lowercase letters, numbers, and underscores',
    )
    await input.fill('a'.repeat(31))
    await save.click()
    await expect(modal.getByRole('alert')).toHaveText('Username must be 30 characters or less')
    await input.fill(taken)
    await save.click()
    await expect(modal.getByRole('alert')).toHaveText('Username already taken')
    const username = `fan_${testInfo.project.name}_${Date.now() % 100000}`
    await input.fill(username)
    await save.click()
    await expect(modal).toBeHidden()

    // Edit the profile and upload an avatar.
    await page.goto('/profile?tab=settings')
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#10b981' } })
      .png()
      .toBuffer()
    await page
      .getByLabel('Upload avatar')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    await expect(page.getByText('Your new avatar is live.')).toBeVisible()
    // Display names are unique: this run's own.
    const displayName = `Fan ${username}`
    await page.getByLabel('Display name').fill(displayName)
    await page.getByLabel('Bio').fill('I trade fruits every evening.')
    await page.getByLabel('Website').fill('javascript:alert(1)')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Website: enter a link starting with https://')).toBeVisible()
    await page.getByLabel('Website').fill('https://example.com/me')
    await page.getByRole('button', { name: 'Save changes' }).click()
    // The save's own toast (the avatar's, with its description, may have gone by now).
    await expect(
      page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Profile updated' })
        .filter({ hasNotText: 'Your new avatar is live.' }),
    ).toBeVisible()
    await expectAccessible(page)

    await page.goto(`/u/${username}`)
    await expect(page.getByText('I trade fruits every evening.')).toBeVisible()
    const avatar = page.getByRole('region', { name: 'Profile' }).locator('img')
    await expect(avatar).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/)
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256)

    // Sign out through the dialog.
    await page.getByRole('button', { name: /account menu/ }).click()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to sign out?' })
    await expect(dialog).toContainText('You will need to sign in again to access your account.')
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByText('Signed out successfully')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()

    // Sign in again with the password.
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
    await signInWithPassword(page, email)
    await expect(page).toHaveURL(new RegExp(`/u/${username}$`))
    await expect(page.getByText('Welcome!')).toBeVisible()
    await expect(page.getByRole('button', { name: /account menu/ })).toContainText(displayName)
  })

  test('favorite an item: the count goes up, survives a reload, and goes down again', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'fav')
    await createUser(page.request, email, `fav_${testInfo.project.name}_${Date.now() % 100000}`)
    void request
    await page.goto('/values-and-wfl?search=dough&game=blox-fruits')
    const heart = page.getByRole('button', { name: /^Favorite Dough \(/ })
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    const before = Number((await heart.textContent())?.trim())
    await heart.click()
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    await expect(heart).toHaveText(String(before + 1))
    await page.reload()
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    await expect(heart).toHaveText(String(before + 1))
    await expectAccessible(page)
    // The item page shows the same heart; the profile lists the favorite.
    await page.goto('/values/blox-fruits/dough')
    await expect(page.getByRole('button', { name: /^Favorite Dough \(/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await page.goto('/profile')
    await expect(page.getByRole('region', { name: /Favorite items \(1\)/ }).getByText('Dough')).toBeVisible()
    await page.goto('/values-and-wfl?search=dough&game=blox-fruits')
    await heart.click()
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    await expect(heart).toHaveText(String(before))
  })

  test('a visitor who taps a heart is asked to log in', async ({ page }) => {
    await page.goto('/values/blox-fruits/kitsune')
    await page.getByRole('button', { name: /^Favorite Kitsune/ }).click()
    await expect(page.getByText('Login Required')).toBeVisible()
    await expect(page.getByText('Please log in to favorite items')).toBeVisible()
  })

  test('sign in with a magic link', async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'magic')
    await createUser(request, email, `magic_${testInfo.project.name}_${Date.now() % 100000}`)
    await page.goto('/sign-in?redirect=%2Fprofile')
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
    const mail = await waitForMail(email, 2)
    expect(mail.subject).toBe('Your TradeHub sign-in link')
    await page.goto(linkIn(mail, /\/api\/auth\/magic-link\/verify/))
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByText('Welcome!')).toBeVisible()
  })

  test('reset a forgotten password', async ({ page, request, allowConsoleError }, testInfo) => {
    allowConsoleError(/status of 401/) // the old password no longer works
    const email = uniqueEmail(testInfo, 'forgot')
    await createUser(request, email, `forgot_${testInfo.project.name}_${Date.now() % 100000}`)
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText('Password recovery')).toBeVisible()
    const mail = await waitForMail(email, 2)
    expect(mail.subject).toBe('Reset your TradeHub password')
    await page.goto(linkIn(mail, /\/api\/auth\/reset-password\//))
    await expect(page).toHaveURL(/\/sign-in\?view=reset&token=/)
    await page.getByLabel('New password').fill('Fresh-Start-2026')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByText('Password changed')).toBeVisible()
    await signInWithPassword(page, email, PASSWORD)
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.')
    await page.getByLabel('Password').fill('Fresh-Start-2026')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByText('Welcome!')).toBeVisible()
  })

  test('turn on two-factor, then sign in with a code from the app', async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'tfa')
    await createUser(page.request, email, `tfa_${testInfo.project.name}_${Date.now() % 100000}`)
    void request
    await page.goto('/profile?tab=account')
    await page.getByLabel('Your password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Set up two-factor' }).click()
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
    const secret = (await page.locator('code').textContent())!.trim()
    await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10)
    await expectAccessible(page)
    await page.getByLabel('Code from the app').fill(totpFromSecret(secret))
    await page.getByRole('button', { name: 'Turn on two-factor' }).click()
    await expect(page.getByText('Two-factor authentication is on.')).toBeVisible()

    await page.context().clearCookies()
    await page.goto('/sign-in')
    await signInWithPassword(page, email)
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
    await page.getByLabel('6-digit code from your authenticator app').fill(totpFromSecret(secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByText('Welcome!')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })

  test('a session that ends shows Session Expired; an error in the address shows Authentication error', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    // The signed-in page's own requests still on their way (the bell's count) may meet the ended session.
    allowConsoleError(/status of 401/)
    await createUser(
      page.request,
      uniqueEmail(testInfo, 'expiry'),
      `exp_${testInfo.project.name}_${Date.now() % 100000}`,
    )
    // The signed-in page is up once the bell's event stream has answered: the session ends after that
    // (a stream first asked for without the session is refused, as it should be).
    const bellStream = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/live')
    await page.goto('/')
    await expect(page.getByText('Welcome!')).toBeVisible()
    expect((await bellStream).status()).toBe(200)
    await page.context().clearCookies() // the session is gone (expired or revoked elsewhere)
    await page.reload()
    await expect(page.getByText('Session Expired')).toBeVisible()
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()

    await page.goto('/sign-in?error=access_denied&error_description=The%20user%20denied%20access')
    await expect(page.getByText('Authentication error')).toBeVisible()
    await expect(page.getByText('The user denied access')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in$/)
  })

  test('someone else on this device can sign out from the username modal', async ({ page }, testInfo) => {
    await createUser(page.request, uniqueEmail(testInfo, 'shared'))
    await page.goto('/')
    const modal = page.getByRole('dialog', { name: 'Choose Your Username' })
    await expect(modal).toBeVisible()
    await modal.getByRole('button', { name: 'Not you? Sign out' }).click()
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to sign out?' })
    await expect(confirm).toContainText('You will need to sign in again to access your account.')
    await confirm.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByText('Signed out successfully')).toBeVisible()
    await expect(confirm).toBeHidden()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()
  })

  test('a failed favorite is rolled back with the Error toast; the e-mail changes after re-authentication', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    allowConsoleError(/status of 503/)
    const email = uniqueEmail(testInfo, 'rollback')
    await createUser(page.request, email, `rb_${testInfo.project.name}_${Date.now() % 100000}`)
    await page.route(/\/api\/favorites\/blox-fruits\/kitsune$/, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }),
    )
    await page.goto('/values/blox-fruits/kitsune')
    const heart = page.getByRole('button', { name: /^Favorite Kitsune \(/ })
    const before = (await heart.textContent())?.trim()
    await heart.click()
    await expect(page.getByText('Failed to favorite this item. Please try again.')).toBeVisible()
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    await expect(heart).toHaveText(before!)

    const newEmail = uniqueEmail(testInfo, 'moved')
    await page.goto('/profile?tab=account')
    const form = page.getByRole('form', { name: 'E-mail' })
    await form.getByLabel('New e-mail').fill(newEmail)
    await form.getByLabel('Current password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Change e-mail' }).click()
    await expect(form.getByRole('status')).toContainText(`We sent a confirmation link to ${newEmail}`)
    const mail = await waitForMail(newEmail)
    expect(mail.subject).toBe('Confirm your new TradeHub e-mail address')
    await page.goto(linkIn(mail, /\/api\/auth\/verify-email/))
    await expect(page).toHaveURL(/\/profile\?tab=account$/)
    await expect(page.getByRole('form', { name: 'E-mail' })).toContainText(newEmail)
  })
})
