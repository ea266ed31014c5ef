import { type APIRequestContext, expect, request } from '@playwright/test'
import type { Role } from '../../src/features/roles/rules'
import { createUser, PASSWORD, setUpHeaders } from './accounts'
import { E2E_ORIGIN } from './ports'

/** ADMIN_EMAIL of the test server (playwright.config.ts): the primary admin, one account for the run. */
export const PRIMARY_ADMIN = 'admin@example.com'

/**
 * Signs `api` (a page's `page.request`, or a request context) in as the primary admin, creating the
 * account the first time. Specs run in parallel: when another test is creating the account at the same
 * moment, this waits until it can sign in.
 */
export async function signInAsPrimaryAdmin(api: APIRequestContext) {
  const signIn = async () =>
    (
      await api.post('/api/auth/sign-in/email', {
        headers: setUpHeaders(),
        data: { email: PRIMARY_ADMIN, password: PASSWORD },
      })
    ).ok()
  if (await signIn()) return
  try {
    await createUser(api, PRIMARY_ADMIN, 'site_owner')
    return
  } catch {
    // Another test signed the account up first: it is verified in a moment.
  }
  await expect.poll(signIn, { timeout: 30_000, message: 'the primary admin can sign in' }).toBe(true)
}

let admin: Promise<APIRequestContext> | undefined

/** A request context of this worker signed in as the primary admin (once: sign-ins are rate limited). */
function primaryAdmin(): Promise<APIRequestContext> {
  admin ??= (async () => {
    const context = await request.newContext({ baseURL: E2E_ORIGIN })
    await signInAsPrimaryAdmin(context).catch(async (err) => {
      admin = undefined
      await context.dispose()
      throw err
    })
    return context
  })()
  return admin
}

/** Gives `email` a role, as the primary admin. */
export async function grantRole(email: string, role: Role) {
  const granted = await (await primaryAdmin()).post('/api/admin/roles', {
    headers: { origin: E2E_ORIGIN },
    data: { email, role },
  })
  expect(granted.status(), await granted.text()).toBe(201)
}

/** Takes a role from a user, as the primary admin. */
export async function revokeRole(userId: string, role: Role) {
  const revoked = await (await primaryAdmin()).delete(
    `/api/admin/roles/${encodeURIComponent(role)}/${encodeURIComponent(userId)}`,
    { headers: { origin: E2E_ORIGIN } },
  )
  expect(revoked.ok(), await revoked.text()).toBe(true)
}
