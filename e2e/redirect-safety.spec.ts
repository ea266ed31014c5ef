import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createUser, signInWithPassword, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'

/** `?redirect=` values that would lead off the site once resolved or decoded. */
const OFF_SITE = [
  '/..//evil.test/x',
  '/.//evil.test/',
  '//evil.test/',
  '/%2F%2Fevil.test',
  '/%5Cevil.test',
  '/\\evil.test',
]

/** Records every request the page makes to another site (answered with an empty page, never sent). */
async function watchOffSite(page: Page) {
  const left: string[] = []
  await page.route(
    (url) => url.origin !== E2E_ORIGIN,
    (route) => {
      left.push(route.request().url())
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' })
    },
  )
  return left
}

test.describe('sign-in redirect stays on the site', () => {
  test('signing in from /sign-in?redirect=/..//evil.test/x ends on this site', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'redirect')
    await createUser(request, email)
    const left = await watchOffSite(page)

    await page.goto(`/sign-in?redirect=${encodeURIComponent('/..//evil.test/x')}`)
    await signInWithPassword(page, email)
    await expect(page).toHaveURL(`${E2E_ORIGIN}/`)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeHidden()
    expect(new URL(page.url()).origin).toBe(E2E_ORIGIN)
    expect(left).toEqual([])
  })

  test('when already signed in, Continue points to a path of this site for every off-site form', async ({
    page,
    request,
  }, testInfo) => {
    test.slow() // six sign-in pages in a row
    const email = uniqueEmail(testInfo, 'continue')
    // With a username: the first-visit username prompt would cover the page.
    await createUser(request, email, `continue_${Date.now() % 1_000_000}`)
    const left = await watchOffSite(page)
    await page.goto('/sign-in')
    await signInWithPassword(page, email)
    await expect(page).toHaveURL(`${E2E_ORIGIN}/`)

    for (const redirect of OFF_SITE) {
      await page.goto(`/sign-in?redirect=${encodeURIComponent(redirect)}`)
      const next = page.getByRole('link', { name: 'Continue' })
      await expect(next).toBeVisible()
      const href = (await next.getAttribute('href')) ?? ''
      expect(href, redirect).toMatch(/^\/(?![/\\])/)
      expect(new URL(href, E2E_ORIGIN).origin, redirect).toBe(E2E_ORIGIN)
      await next.click()
      await expect(page).toHaveURL(`${E2E_ORIGIN}/`)
    }
    // A path of the site is still followed.
    await page.goto(`/sign-in?redirect=${encodeURIComponent('/values-and-wfl')}`)
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/values-and-wfl')
    expect(left).toEqual([])
  })
})
