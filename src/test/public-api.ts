import { expect } from 'vitest'

let addresses = 0
/**
 * A client address no other request of this process used (the app under TRUST_PROXY reads the last
 * X-Forwarded-For hop), so tests of the public API do not share its per-address limit.
 */
export const freshAddress = () =>
  `10.${process.pid % 250}.${Math.floor(++addresses / 250) % 250}.${addresses % 250}`

/** GET requests to the public API from a fresh address each, and the same expecting a 200. */
export function publicApiClient(
  app: () => { request: (path: string, init: RequestInit) => Response | Promise<Response> },
) {
  const get = (path: string, headers: Record<string, string> = {}) =>
    app().request(path, { headers: { 'x-forwarded-for': freshAddress(), ...headers } })
  const ok = async (path: string) => {
    const res = await get(path)
    expect(res.status, await res.clone().text()).toBe(200)
    return res
  }
  return { get, ok }
}
