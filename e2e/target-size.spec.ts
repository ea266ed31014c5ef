import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { scrollToEndOf } from './support/pages'
import { E2E_ORIGIN } from './support/ports'
import { grantRole } from './support/roles'

/** Toasts come and go with the site feed (off in journeys); their close button is measured in feed.spec.ts. */
const TOASTS = '[data-sonner-toaster]'

/**
 * WCAG 2.2 AA "target size (minimum)", checked at a phone's 390 px and at 1280 px: axe's `target-size`
 * (off by default in axe, as a best practice), which accepts a small target with room around it, and
 * a measure of every visible control, which does not: each is at least 24 × 24 px. A link inside a
 * sentence is exempt (WCAG's inline exception), as is a control of the browser's own size (a checkbox).
 */
async function expectTargetsOfAtLeast24px(page: Page, address: string, width: number) {
  const results = await new AxeBuilder({ page }).exclude(TOASTS).withRules(['target-size']).analyze()
  const crowded = results.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`),
  )
  expect.soft(crowded, `axe target-size on ${address} at ${width} px`).toEqual([])

  const small = await page.evaluate((toasts) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, select, textarea, input:not([type="checkbox"], [type="radio"], [type="hidden"]), summary, [role="button"], [role="switch"], [role="tab"]',
    )
    const inSentence = (el: HTMLElement) =>
      getComputedStyle(el).display === 'inline' &&
      (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length
    return (
      [...controls]
        .filter((el) => !el.closest(toasts) && el.checkVisibility({ visibilityProperty: true }))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        // Visually hidden until focused (the skip link): 1 px, clipped.
        .filter(({ el }) => {
          const style = getComputedStyle(el)
          return style.clip === 'auto' && style.clipPath === 'none'
        })
        .filter(({ el, box }) => (box.width < 24 || box.height < 24) && !inSentence(el))
        .map(
          ({ el, box }) =>
            `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}": ${Math.round(box.width)} × ${Math.round(box.height)}`,
        )
    )
  }, TOASTS)
  expect.soft(small, `controls under 24 × 24 px on ${address} at ${width} px`).toEqual([])
}

/**
 * A value change of the test's own (a new item with its value, made by a value editor), so that the
 * values page's "Latest value changes" (links to an item and to its game's changes) is there to be measured
 * whatever other tests did.
 */
async function makeValueChange(
  page: Page,
  testInfo: { project: { name: string } },
  width: number,
): Promise<string> {
  const stamp = `${Date.now() % 1_000_000}${width}`
  const name = `Target Fruit ${stamp}`
  const email = uniqueEmail(testInfo, `target-editor-${width}`)
  await createUser(page.request, email, `te_${stamp}`)
  await grantRole(email, 'blox-fruits-value-editor')
  const headers = { origin: E2E_ORIGIN }
  const created = await page.request.post('/api/admin/items/blox-fruits', {
    headers,
    data: { name, value: '1M', category: 'fruit', reason: 'A fruit for this test' },
  })
  expect(created.status()).toBe(201)
  await page.request.post('/api/auth/sign-out', { headers })
  return name
}

const PAGES = ['/', '/values-and-wfl', '/values/blox-fruits/kitsune', '/grow-a-garden-stock', '/sign-in']

for (const width of [390, 1280]) {
  test(`every control of the main pages is a 24 px target at ${width} px`, async ({ page }, testInfo) => {
    test.slow() // six pages, each laid out and measured
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    const changed = await makeValueChange(page, testInfo, width)
    for (const address of PAGES) {
      await page.goto(address)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (address === '/values-and-wfl') {
        // The latest changes come under the list when a trader scrolls down to them.
        await scrollToEndOf(page.getByRole('region', { name: 'Item values' }))
        await expect(
          page.getByRole('region', { name: 'Latest value changes' }).getByRole('link', { name: changed }),
        ).toBeAttached()
      }
      await expectTargetsOfAtLeast24px(page, address, width)
    }
    // The profile of a signed-in trader, with all its sections in sight (none scrolled off screen).
    await createUser(page.request, uniqueEmail(testInfo, 'targets'), `tg_${Date.now() % 1_000_000}`)
    await page.goto('/profile')
    const sections = page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link')
    await expect(sections).toHaveCount(5)
    for (const section of await sections.all()) await expect(section).toBeInViewport({ ratio: 1 })
    await expectTargetsOfAtLeast24px(page, '/profile', width)
  })
}
