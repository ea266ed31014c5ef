import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, PASSWORD, setUpHeaders } from './support/accounts'
import { DAY_ONE_ADMIN } from './support/day-one'
import { E2E_DAY_ONE_ORIGIN } from './support/ports'

/**
 * A real first day (issue 39): the instance whose sources are the stand-ins of the games' wikis and of a
 * Grow a Garden stock feed (e2e/support/day-one-sources-server.ts). Its owner imports Blox Fruits'
 * pictures; traders then see them on the values list, the item page and in the calculator, and Grow a
 * Garden's stock is there without any stock manager. Screenshots at 1280 and 390 px are kept with the
 * test's output.
 */
test.use({ baseURL: E2E_DAY_ONE_ORIGIN })

/**
 * Signs the day-one owner in, creating the account the first time. Both journeys may start at once:
 * when the other is creating the account, this waits until it can sign in.
 */
async function signInAsOwner(page: Page) {
  const signIn = async () =>
    (
      await page.request.post('/api/auth/sign-in/email', {
        headers: setUpHeaders(E2E_DAY_ONE_ORIGIN),
        data: { email: DAY_ONE_ADMIN, password: PASSWORD },
      })
    ).ok()
  if (await signIn()) return
  try {
    await createUser(page.request, DAY_ONE_ADMIN, 'day_one_owner', E2E_DAY_ONE_ORIGIN)
    return
  } catch {
    // The other journey signed the owner up first: the account is verified in a moment.
  }
  await expect.poll(signIn, { timeout: 30_000, message: 'the owner can sign in' }).toBe(true)
}

/** Every picture matching `selector` on the first screen has loaded (a real image, not a broken one). */
async function expectPicturesLoaded(page: Page, selector: string) {
  await expect
    .poll(() =>
      page.locator(selector).evaluateAll((imgs) => {
        const shown = (imgs as HTMLImageElement[]).filter((img) => {
          const box = img.getBoundingClientRect()
          return box.height > 0 && box.top < window.innerHeight && box.bottom > 0
        })
        return shown.length > 0 && shown.every((img) => img.complete && img.naturalWidth > 0)
      }),
    )
    .toBe(true)
}

/** Imports a game's pictures from its wiki on /admin/values and waits for the result. */
async function importPictures(page: Page, game: string, name: string) {
  await page.goto(`/admin/values?game=${game}`)
  const panel = page.getByRole('region', { name: `${name} pictures` })
  await panel.getByRole('button', { name: `Import pictures of ${name}` }).click()
  await expect(panel.getByText('Finished', { exact: true })).toBeVisible({ timeout: 120_000 })
  const count = (label: string) =>
    panel.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]')
  // Every seventh item has no wiki page: the others are imported (or were, by a first try), none failed.
  await expect(count('No picture at the source')).not.toHaveText('0')
  await expect(count('Failed')).toHaveText('0')
  expect(
    Number(await count('Imported').textContent()) + Number(await count('Unchanged').textContent()),
  ).toBeGreaterThan(0)
}

async function shoot(page: Page, name: string, testInfo: { outputPath: (name: string) => string }) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: false })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test.describe('day one of a real deployment', () => {
  test.skip(({ isMobile }) => isMobile, 'one run: it shoots each page at 1280 and 390 px itself')
  // A game's pictures imported, each re-encoded in two sizes, on a shared 2-core machine.
  test.describe.configure({ timeout: 240_000 })

  test("the owner imports Blox Fruits' pictures from its wiki; traders see them on the values list and the item page", async ({
    page,
  }, testInfo) => {
    await signInAsOwner(page)
    // The admin area's accessibility is checked by its own journeys.
    await importPictures(page, 'blox-fruits', 'Blox Fruits')

    await page.goto('/values-and-wfl?game=blox-fruits')
    const rows = page.locator('main li img[src$="-128.webp"]')
    await expect(rows.first()).toBeVisible()
    expect(await rows.count()).toBeGreaterThan(5)
    await expectPicturesLoaded(page, 'main li img[src$="-128.webp"]')
    await expectAccessible(page)
    await shoot(page, 'values-list', testInfo)

    await page.goto('/values/blox-fruits/kitsune')
    const picture = page.locator('main img[src$="-256.webp"]').first()
    await expect(picture).toBeVisible()
    await expectPicturesLoaded(page, 'main img[src$="-256.webp"]')
    const served = await page.request.get((await picture.getAttribute('src')) ?? '')
    expect(served.headers()['content-type']).toBe('image/webp')
    expect(served.headers()['cache-control']).toContain('max-age=31536000')
    expect(served.headers().etag).toBeTruthy()
    await expectAccessible(page)
    await shoot(page, 'item-page', testInfo)
  })

  test("Grow a Garden's stock page shows the feed's stock with the items' pictures, no stock manager needed", async ({
    page,
  }, testInfo) => {
    await signInAsOwner(page)
    // The pictures through the API: the import's page is the other journey's.
    const started = await page.request.post('/api/admin/item-images/grow-a-garden/import', {
      headers: setUpHeaders(E2E_DAY_ONE_ORIGIN),
    })
    expect([202, 409]).toContain(started.status())
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/admin/item-images/grow-a-garden/import')).json()).job?.status,
        { timeout: 120_000, message: "Grow a Garden's picture import finishes" },
      )
      .toBe('finished')

    // No stock manager and no bot on this instance: the feed's report is the Seed Shop's stock now.
    await page.goto('/grow-a-garden-stock')
    const seeds = page.getByRole('region', { name: 'Seed Shop' })
    await expect(seeds.getByRole('list', { name: 'Seed Shop: in stock now' })).toBeVisible({
      timeout: 30_000,
    })
    await expect(seeds.getByText(/^Game feed · reported/)).toBeVisible()
    await expect(seeds.getByText('Stale')).toHaveCount(0)
    await expect(
      page.getByRole('region', { name: 'Gear Shop' }).getByText(/^Game feed · reported/),
    ).toBeVisible()
    await expect(seeds.locator('img[src$="-128.webp"]').first()).toBeVisible()
    await expectPicturesLoaded(page, 'main img[src$="-128.webp"]')
    await expectAccessible(page)
    await shoot(page, 'grow-a-garden-stock', testInfo)
  })
})
