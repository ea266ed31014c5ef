import type { APIRequestContext, Page } from '@playwright/test'
import { E2E_PORTS } from './ports'

/** The stand-in for Roblox's APIs (playwright.config.ts points the app here). */
export const ROBLOX_API_ORIGIN = `http://127.0.0.1:${E2E_PORTS.robloxApi}`

/** A new Roblox user on the stand-in (a name no other journey uses). */
export async function addRobloxUser(request: APIRequestContext, name: string, displayName = name) {
  const res = await request.post(`${ROBLOX_API_ORIGIN}/__control/users`, { data: { name, displayName } })
  if (!res.ok()) throw new Error(`Roblox stand-in: ${res.status()}`)
  return (await res.json()) as { id: number; name: string; displayName: string }
}

/** Writes a Roblox user's About on the stand-in. */
export async function setRobloxAbout(request: APIRequestContext, id: number, description: string) {
  const res = await request.post(`${ROBLOX_API_ORIGIN}/__control/users/${id}/description`, {
    data: { description },
  })
  if (!res.ok()) throw new Error(`Roblox stand-in: ${res.status()}`)
}

/** The stand-in for Roblox's sign-in (a second OpenID stand-in, e2e/support/oidc-server.ts with OIDC_AS=roblox). */
export const ROBLOX_OIDC_ORIGIN = `http://127.0.0.1:${E2E_PORTS.robloxOidc}`

/** Makes the Roblox sign-in stand-in sign in as this Roblox username (it reads `login_hint`). */
export async function actAsRobloxUser(page: Page, username: string) {
  await page.route(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_PORTS.robloxOidc}/authorize`), (route) => {
    const url = new URL(route.request().url())
    url.searchParams.set('login_hint', username)
    return route.continue({ url: url.href })
  })
}
