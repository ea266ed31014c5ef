import { createPrivateKey, sign } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'

/**
 * The Discord application the journeys' server answers as (a key pair made for the tests only, not a real
 * application's): the server gets the public half (playwright.config.ts), the journeys sign with the
 * private half, as Discord signs its interactions.
 */
export const E2E_DISCORD_APPLICATION_ID = '112233445566778899'
export const E2E_DISCORD_PUBLIC_KEY = '9ec59f1ed7317021f0e30347062b0ca22931b776664c762f53e71095c3e78661'
const SEED = '6f2b034a66df52d2e4d92d3cc09e0c14517426c0de03a42fe72fdf44d6da5b5e'
/** Ed25519's PKCS#8 prefix before the 32-byte seed. */
const PKCS8_PREFIX = '302e020100300506032b657004220420'
const privateKey = createPrivateKey({
  key: Buffer.from(PKCS8_PREFIX + SEED, 'hex'),
  format: 'der',
  type: 'pkcs8',
})

let n = 0
/** A slash command run by `user` in a DM with the bot, signed as Discord signs it; its JSON answer. */
export async function runCommand(
  request: APIRequestContext,
  name: string,
  options: { name: string; type: number; value: string }[],
  user: { id: string; username: string },
) {
  const body = JSON.stringify({
    type: 2,
    token: `e2e-interaction-${Date.now()}-${++n}`,
    data: { name, options },
    user,
  })
  const timestamp = String(Math.floor(Date.now() / 1000))
  const res = await request.post('/api/discord/interactions', {
    headers: {
      'content-type': 'application/json',
      'x-signature-ed25519': sign(null, Buffer.from(timestamp + body), privateKey).toString('hex'),
      'x-signature-timestamp': timestamp,
    },
    data: body,
  })
  if (!res.ok()) throw new Error(`interaction answered ${res.status()}`)
  return res.json()
}
