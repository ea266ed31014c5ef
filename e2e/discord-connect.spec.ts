import { expect, expectAccessible, test } from './fixtures'
import { createUser, signInWithPassword, uniqueEmail } from './support/accounts'
import { runCommand } from './support/discord'
import { E2E_DISCORD_ORIGIN } from './support/ports'

test.describe('Discord DMs', () => {
  // The instance with the bot configured (playwright.config.ts).
  test.use({ baseURL: E2E_DISCORD_ORIGIN })

  test('a trader runs /watch in Discord, opens the private link, signs in and connects @phone', async ({
    page,
  }, testInfo) => {
    test.slow() // an account, a sign-in, two pages with axe
    const email = uniqueEmail(testInfo, 'dmwatch')
    await createUser(
      page.context().request,
      email,
      `dmw_${Date.now() % 1_000_000}${testInfo.workerIndex}`,
      E2E_DISCORD_ORIGIN,
    )
    await page.context().clearCookies()
    const discordUser = {
      id: String(
        700_000_000_000_000_000n + BigInt(Date.now() % 1_000_000_000) * 10n + BigInt(testInfo.workerIndex),
      ),
      username: `dm_${testInfo.project.name}`,
    }

    // In Discord: /watch answers privately with a link (Discord sends the interaction, signed).
    const answer = await runCommand(
      page.request,
      'watch',
      [{ name: 'item', type: 3, value: 'grow-a-garden:beanstalk' }],
      discordUser,
    )
    expect(answer.type).toBe(4)
    expect(answer.data.flags).toBe(64)
    const link: string = answer.data.components[0].components[0].url
    expect(link).toContain('/discord/connect?token=')

    // The link: signed out, the sign-in prompt, which comes back here.
    await page.goto(new URL(link).pathname + new URL(link).search)
    await expect(page.getByRole('heading', { level: 1, name: 'Connect Discord' })).toBeVisible()
    await page.locator('#main').getByRole('link', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/sign-in\?redirect=/)
    await signInWithPassword(page, email)
    await expect(page).toHaveURL(/\/discord\/connect\?token=/)
    await expect(
      page.getByText(
        `Connect the Discord account @${discordUser.username} to your TradeHub account and watch Beanstalk (Grow a Garden)?`,
      ),
    ).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(
      page.getByText(`Connected. TradeHub will DM @${discordUser.username} about Beanstalk.`),
    ).toBeVisible()

    // The alerts tab: the watch, and the Discord DMs block with its Disconnect (asks first).
    await page.getByRole('link', { name: 'Your alerts' }).click()
    const block = page.getByRole('region', { name: 'Discord DMs' })
    await expect(block).toContainText(`@${discordUser.username} on Discord`)
    await expect(
      page.getByRole('list', { name: 'Watched items' }).getByRole('link', { name: 'Beanstalk' }),
    ).toBeVisible()
    await expectAccessible(page)
    await block.getByRole('button', { name: 'Disconnect' }).click()
    await block.getByRole('button', { name: 'Disconnect' }).click()
    await expect(block).toContainText('Run /watch with the TradeHub bot in Discord')
  })
})
