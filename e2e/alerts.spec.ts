import type { APIRequestContext, TestInfo } from '@playwright/test'
import { ALERT_MESSAGES } from '../src/features/alerts/rules'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`

/** A verified, signed-in trader (on `api`: a page's `page.request` signs the page in). */
const trader = (api: APIRequestContext, testInfo: TestInfo, name: string) =>
  createUser(api, uniqueEmail(testInfo, name), `${name.slice(0, 6)}_${stamp()}`)

test.describe('alerts', () => {
  test('a trader watches Beanstalk from its page, then tunes and removes the watch in the Alerts tab', async ({
    page,
  }, testInfo) => {
    test.slow() // an account, two pages with axe, a reload after each change
    // A visitor is asked to sign in.
    await page.goto('/values/grow-a-garden/beanstalk')
    await page.getByRole('button', { name: 'Watch Beanstalk', exact: true }).click()
    await expect(page.getByText('Please log in to watch items')).toBeVisible()

    await trader(page.request, testInfo, 'watcher')
    await page.reload()
    await page.getByRole('button', { name: 'Watch Beanstalk', exact: true }).click()
    const stop = page.getByRole('button', { name: 'Stop watching Beanstalk', exact: true })
    await expect(stop).toHaveAttribute('aria-pressed', 'true')
    await expectAccessible(page)

    // The tab shows it, from the server: restocks (a seed shop sells it) and value changes.
    await page.goto('/profile?tab=alerts')
    const row = page
      .getByRole('list', { name: 'Watched items' })
      .getByRole('listitem')
      .filter({ hasText: 'Beanstalk' })
    await expect(row.getByRole('link', { name: 'Beanstalk' })).toHaveAttribute(
      'href',
      '/values/grow-a-garden/beanstalk',
    )
    const restocks = row.getByRole('checkbox', { name: 'Restocks' })
    await expect(restocks).toBeChecked()
    await expect(row.getByRole('checkbox', { name: 'Value changes' })).toBeChecked()
    const saved = page.waitForResponse(
      (res) =>
        res.url().endsWith('/api/watchlist/grow-a-garden/beanstalk') && res.request().method() === 'PUT',
    )
    // The box follows the watch as the page holds it: unticked once the change is applied (optimistically).
    await restocks.click()
    await expect(restocks).not.toBeChecked()
    expect((await saved).ok()).toBe(true)
    await page.reload()
    await expect(restocks).not.toBeChecked()
    await expect(row.getByRole('checkbox', { name: 'Value changes' })).toBeChecked()
    await expectAccessible(page)

    // On a phone nothing is wider than the screen; Remove stops watching.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390)
    await row.getByRole('button', { name: 'Stop watching Beanstalk' }).click()
    await expect(page.getByText('No watched items yet')).toBeVisible()
    await page.reload()
    await expect(page.getByText('No watched items yet')).toBeVisible()
  })

  test('a trader adds a rule (a rule matching nothing is refused), a Discord webhook shown masked, and trade delivery', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    allowConsoleError(/status of 4\d\d/) // the browser logs the refused rule and webhook
    await trader(page.request, testInfo, 'ruler')
    await page.goto('/profile?tab=alerts')
    const form = page.getByRole('form', { name: 'New alert rule' })
    await expect(page.getByText('No rules yet.')).toBeVisible()

    // Seeds are never sold in the Gear Shop: the server says so, inline, and nothing is added.
    await form.getByLabel('Shop').selectOption({ label: 'Gear Shop' })
    await form.getByLabel('Category').selectOption('seed')
    await form.getByRole('button', { name: 'Add rule' }).click()
    await expect(form.getByText(ALERT_MESSAGES.ruleMatchesNothing)).toBeVisible()
    await expect(page.getByText('No rules yet.')).toBeVisible()

    await form.getByLabel('Shop').selectOption({ label: 'Any shop' })
    await form.getByLabel('Rarity').selectOption('Prismatic')
    await form.getByRole('button', { name: 'Add rule' }).click()
    const rule = page.getByRole('list', { name: 'Your rules' }).getByRole('listitem')
    await expect(rule).toContainText('Any Prismatic seed (Grow a Garden)')
    await expect(rule).toContainText(/[1-9]\d* items? match(es)? now/)

    // A webhook of another scheme is refused; a Discord one is saved and never shown back in full.
    const webhook = page.getByLabel('Webhook address')
    await webhook.fill('http://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz')
    await page.getByRole('button', { name: 'Save webhook' }).click()
    await expect(page.getByText(ALERT_MESSAGES.webhookScheme)).toBeVisible()
    const token = `${stamp()}abcdefghijklmnopqrstuvwxyz-wxyz`
    await webhook.fill(`https://discord.com/api/webhooks/123456789012345678/${token}`)
    await page.getByRole('button', { name: 'Save webhook' }).click()
    await expect(page.getByText('https://discord.com/api/webhooks/1234…/…wxyz')).toBeVisible()
    await expect(page.getByLabel('New webhook address')).toHaveValue('')
    expect(await page.content()).not.toContain(token)

    // Trade notifications: by e-mail and on Discord, each a choice of its own, kept.
    // (Each shows what the server saved: checked once it answers.)
    await page.getByLabel('Trades on Discord').click()
    await expect(page.getByLabel('Trades on Discord')).toBeChecked()
    await page.getByLabel('Trades by e-mail').click()
    await expect(page.getByLabel('Trades by e-mail')).toBeChecked()
    await page.reload()
    await expect(page.getByLabel('Trades on Discord')).toBeChecked()
    await expect(page.getByLabel('Trades by e-mail')).toBeChecked()
    await expect(page.getByLabel('Restocks by e-mail')).not.toBeChecked()
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Delete rule: Any Prismatic seed (Grow a Garden)' }).click()
    await expect(page.getByText('No rules yet.')).toBeVisible()
  })
})
