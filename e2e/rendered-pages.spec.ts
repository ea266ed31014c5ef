import { expect, test } from './fixtures'

/**
 * Pages come rendered from the server and React hydrates them part by part (decision 022): the
 * server's elements are kept (not drawn again), and every part works once the app is ready.
 */
test.describe('pages rendered on the server', () => {
  test.beforeEach(async ({ page }) => {
    // Keeps the elements the server sent, before the app's code has run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as Window & { fromServer?: Element[] }).fromServer = [
          ...document.querySelectorAll('#root *'),
        ]
      })
    })
  })

  /**
   * The server's elements that `selector` finds, and how many of them are still in the page (the app
   * may add its own, browser-only sections; it must not draw the server's again).
   */
  const kept = (selector: string) => (page: import('@playwright/test').Page) =>
    page.evaluate((css) => {
      const sent = ((window as Window & { fromServer?: Element[] }).fromServer ?? []).filter((e) =>
        e.matches(css),
      )
      return { sent: sent.length, kept: sent.filter((e) => e.isConnected).length }
    }, selector)

  test('the values list keeps the rows the server sent, and a row heart answers once the app is ready', async ({
    page,
  }) => {
    await page.goto('/values-and-wfl')
    // The list's rows (the recent changes below it come later, from the browser).
    const row = 'section[aria-label="Item values"] li:has(a[href^="/values/"])'
    const rows = await kept(row)(page)
    expect(rows.sent).toBeGreaterThan(10)
    expect(rows.kept).toBe(rows.sent)
    // and the app drew no second copy of them
    await expect(page.locator(row)).toHaveCount(rows.sent)
    const header = await kept('header a, header button')(page)
    expect(header.kept).toBeGreaterThan(0)
    expect(header.kept).toBe(header.sent)

    // The last row's part hydrates once it comes near the screen: its heart works.
    const lastHeart = page.getByRole('button', { name: /^Favorite / }).last()
    await lastHeart.scrollIntoViewIfNeeded()
    await lastHeart.click()
    await expect(page.getByText('Login Required')).toBeVisible()
  })

  test('an item page keeps its facts and history, and its buttons answer', async ({ page }) => {
    await page.goto('/values/blox-fruits/kitsune')
    const facts = await kept('main h1, main h2, main dl div, main table tr')(page)
    expect(facts.sent).toBeGreaterThan(3)
    expect(facts.kept).toBe(facts.sent)

    await page.getByRole('button', { name: /^Favorite Kitsune/ }).click()
    await expect(page.getByText('Login Required')).toBeVisible()
  })

  test('a part below the screen hydrates when touched: the app follows its link at the first tap', async ({
    page,
  }) => {
    await page.goto('/values/blox-fruits/kitsune')
    const footer = page.getByRole('contentinfo')
    const hydrated = () =>
      footer.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
    // The footer is far below the first screen: still as the server sent it.
    expect(await hydrated()).toBe(false)
    await page.evaluate(() => {
      ;(window as Window & { samePage?: boolean }).samePage = true
    })
    // A tap that does not scroll the page first: the part hydrates on it and the app follows the link.
    await footer.getByRole('link', { name: 'About', exact: true }).dispatchEvent('click')
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage)).toBe(true)
  })

  test('React takes over every page it rendered: the root carries a React root', async ({ page }) => {
    for (const path of [
      '/',
      '/values-and-wfl',
      '/values/blox-fruits/kitsune',
      '/grow-a-garden-stock',
      '/sign-in',
    ]) {
      await page.goto(path)
      await expect(page.locator('#page-data')).toHaveCount(1)
      const reactRoot = await page.evaluate(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')),
      )
      expect(reactRoot, path).toBe(true)
    }
  })
})
