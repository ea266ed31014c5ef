import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { linkIn, waitForMail } from './mail'
import { E2E_ORIGIN, E2E_PORTS } from './ports'

export const PASSWORD = 'Kitsune-Trade-42'
const ORIGIN = E2E_ORIGIN

const rand = () => Math.floor(Math.random() * 250) + 1

/** An address no other test (or project) uses. */
export const uniqueEmail = (testInfo: { project: { name: string } }, name: string) =>
  `${name}.${testInfo.project.name}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`

/**
 * Headers of a set-up request: each comes from an address of its own (the test server trusts
 * X-Forwarded-For), so the per-address sign-up and sign-in limits apply to what the tests do in the
 * browser, not to this set-up.
 */
export const setUpHeaders = (origin = ORIGIN) => ({
  origin,
  'x-forwarded-for': `10.${rand()}.${rand()}.${rand()}`,
})

/**
 * A verified user with a username, created through the real API (sign-up, the mailed link, the
 * username): for tests about something else than signing up.
 */
export async function createUser(
  request: APIRequestContext,
  email: string,
  username?: string,
  /** The site's address, for a journey on another instance than the usual one. */
  origin = ORIGIN,
) {
  const headers = setUpHeaders(origin)
  const up = await request.post('/api/auth/sign-up/email', {
    headers,
    data: { email, password: PASSWORD, name: '' },
  })
  expect(up.ok()).toBe(true)
  const mail = await waitForMail(email, 1, (m) => m.html.includes('/api/auth/verify-email'))
  const verified = await request.get(linkIn(mail, /\/api\/auth\/verify-email/), {
    headers,
    maxRedirects: 0,
  })
  expect(verified.status()).toBe(302)
  if (username) {
    const named = await request.post('/api/profile/username', { headers, data: { username } })
    expect(named.ok()).toBe(true)
  }
}

/** Signs in through the form (the page must be on /sign-in). */
export async function signInWithPassword(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Makes the test OpenID provider sign in as `email` (it reads `login_hint`, e2e/support/oidc-server.ts). */
export async function actAsOidcUser(page: Page, email: string) {
  await page.route(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_PORTS.oidc}/authorize`), (route) => {
    const url = new URL(route.request().url())
    url.searchParams.set('login_hint', email)
    return route.continue({ url: url.href })
  })
}
