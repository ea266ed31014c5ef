import type { Browser, Page, TestInfo } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { signInAsPrimaryAdmin } from './support/roles'

/**
 * A browser of its own, on the project's screen (a phone's in the phone project): the guide editor's,
 * or a visitor's (with or without JavaScript).
 */
const contextOf = (browser: Browser, testInfo: TestInfo, javaScriptEnabled = true) => {
  const { viewport, isMobile, hasTouch } = testInfo.project.use
  return browser.newContext({ baseURL: E2E_ORIGIN, viewport, isMobile, hasTouch, javaScriptEnabled })
}

/** Nothing on the page is wider than the screen (a phone's in the phone project). */
const fitsTheScreen = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${page.url()} wider than the screen`,
    })
    .toBeLessThanOrEqual(0)

test.describe('guides', { tag: '@phone' }, () => {
  test('an admin makes a guide editor, who writes, previews, drafts and publishes a guide a visitor then reads', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow() // three browsers: the admin's, the editor's and a visitor's
    const stamp = `${testInfo.project.name} ${Date.now() % 1_000_000}`
    const title = `Watering plan ${stamp}`
    const editorEmail = uniqueEmail(testInfo, 'guide-editor')
    const editorContext = await contextOf(browser, testInfo)
    const editorName = `ge_${stamp.replace(/\W/g, '_').slice(0, 20)}`
    await createUser(editorContext.request, editorEmail, editorName)

    // The admin makes them a guide editor, as for the other roles.
    await signInAsPrimaryAdmin(page.request)
    await page.goto('/admin/guide-editors')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guide editors')
    const addEditor = page.getByRole('form', { name: 'Add guide editor' })
    await addEditor.getByLabel('E-mail').fill(editorEmail)
    await addEditor.getByRole('button', { name: 'Add guide editor' }).click()
    const editors = page.getByRole('region', { name: 'Guide editors' })
    await expect(editors.getByRole('link', { name: editorEmail })).toBeVisible()
    await expectAccessible(page)

    // The guide editor opens only the guides of the admin area.
    const editor = await editorContext.newPage()
    await editor.goto('/admin/guides')
    expect(await editor.evaluate(() => window.innerWidth)).toBe(testInfo.project.use.viewport?.width)
    const sections = editor.getByRole('navigation', { name: 'Admin sections' })
    await expect(sections.getByRole('link', { name: 'Guides' })).toBeVisible()
    await expect(sections.getByRole('link', { name: 'Users' })).toHaveCount(0)
    await editor.getByRole('link', { name: 'New guide' }).click()
    await expect(editor.getByRole('heading', { level: 1 })).toHaveText('New guide')
    await editor.getByLabel('Title').fill(title)
    await editor.getByLabel('Game').selectOption('grow-a-garden')
    await editor
      .getByLabel('Body (Markdown)')
      .fill(
        [
          'Water before the seed shop restocks.',
          '## Watering first',
          'Check the [stock tracker](/grow-a-garden-stock) every five minutes.',
          '<script>window.hacked = true</script>',
          '[free pets](javascript:alert(1))',
        ].join('\n\n'),
      )
    await editor.getByRole('button', { name: 'Preview' }).click()
    const preview = editor.getByRole('region', { name: 'Preview' })
    await expect(preview.getByRole('heading', { name: 'Watering first' })).toBeVisible()
    await expect(preview.getByRole('link', { name: 'stock tracker' })).toHaveAttribute(
      'href',
      '/grow-a-garden-stock',
    )
    await expect(preview.getByText('<script>window.hacked = true</script>')).toBeVisible()
    await expect(preview.locator('script, a[href^="javascript" i]')).toHaveCount(0)
    await expectAccessible(editor)
    await fitsTheScreen(editor)

    await editor.getByRole('button', { name: 'Save draft' }).click()
    await expect(editor).toHaveURL(/\/admin\/guides\/watering-plan-[a-z0-9-]+$/)
    const slug = new URL(editor.url()).pathname.split('/').pop()!
    const revisions = editor.getByRole('region', { name: 'Revisions' })
    await expect(revisions.getByText(`@${editorName}`)).toHaveCount(1)

    // A draft is nobody's to read.
    const visitorContext = await contextOf(browser, testInfo)
    const visitor = await visitorContext.newPage()
    const draft = await visitor.goto(`/guides/${slug}`)
    expect(draft?.status()).toBe(404)
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await visitor.goto('/guides')
    await expect(visitor.getByRole('link', { name: 'Trading safely' })).toBeVisible()
    await expect(visitor.getByRole('link', { name: title })).toHaveCount(0)

    await editor.getByRole('button', { name: 'Publish' }).click()
    await expect(editor.getByRole('link', { name: 'View the guide' })).toBeVisible()
    await expect(revisions.getByText(`@${editorName}`)).toHaveCount(2)
    await fitsTheScreen(editor)

    // The visitor finds it under its game, beside the site's own guides, and reads it.
    await visitor.reload()
    await expect(
      visitor.getByRole('region', { name: 'All games' }).getByRole('link', { name: 'Trading safely' }),
    ).toBeVisible()
    const garden = visitor.getByRole('region', { name: 'Grow a Garden' })
    await expect(garden.getByRole('link', { name: "Grow a Garden's restock clock" })).toBeVisible()
    const card = garden.getByRole('listitem').filter({ has: visitor.getByRole('link', { name: title }) })
    await expect(card).toContainText('Water before the seed shop restocks.')
    await expectAccessible(visitor)
    await fitsTheScreen(visitor)
    await card.getByRole('link', { name: title }).click()
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(visitor).toHaveTitle(new RegExp(title))
    const article = visitor.getByRole('article')
    await expect(article.getByRole('heading', { level: 2, name: 'Watering first' })).toBeVisible()
    await expect(article.getByRole('link', { name: 'stock tracker' })).toHaveAttribute(
      'rel',
      'nofollow noopener',
    )
    await expect(article.getByText('<script>window.hacked = true</script>')).toBeVisible()
    await expect(article.locator('script, a[href^="javascript" i]')).toHaveCount(0)
    expect(await visitor.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined()
    await expectAccessible(visitor)
    await fitsTheScreen(visitor)

    // Without JavaScript the guide's text is in the page the server sent.
    const noScript = await contextOf(browser, testInfo, false)
    const reader = await noScript.newPage()
    await reader.goto(`/guides/${slug}`)
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(reader.getByRole('heading', { level: 2, name: 'Watering first' })).toBeVisible()
    await expect(reader.getByRole('navigation', { name: 'On this page' })).toHaveCount(0) // one heading: no contents
    await expect(reader.getByText('Check the stock tracker every five minutes.')).toBeVisible()
    await reader.goto('/guides/trading-safely')
    const contents = reader.getByRole('navigation', { name: 'On this page' })
    await expect(contents.getByRole('link', { name: 'Give-first scams' })).toHaveAttribute(
      'href',
      '#give-first-scams',
    )
    await expect(reader.locator('#give-first-scams')).toHaveText('Give-first scams')

    await Promise.all([editorContext.close(), visitorContext.close(), noScript.close()])
  })
})
