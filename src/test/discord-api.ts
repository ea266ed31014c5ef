import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { type ReceivedPost, startWebhookReceiver } from './webhook-receiver'

/**
 * A local stand-in for Discord's REST API (DISCORD_API_URL): it records what the bot sends and answers
 * as Discord does — a message gets an id, a DM channel is opened — unless a test queued other replies
 * for a path (a 429 with retry_after, a 403).
 */
export async function startDiscordApi() {
  let next = 900_000_000_000_000_000n
  const snowflake = () => String(++next)
  const receiver = await startWebhookReceiver((request: ReceivedPost) => {
    if (request.method === 'PUT') return json(200, request.body)
    if (request.path === '/users/@me/channels') return json(200, { id: snowflake(), type: 1 })
    if (/\/messages(\/[^/]+)?$/.test(request.path)) {
      const edited = /\/messages\/(\d+|@original)$/.exec(request.path)?.[1]
      return json(200, { id: edited && edited !== '@original' ? edited : snowflake() })
    }
    return json(404, { message: 'Unknown route', code: 0 })
  })
  return {
    ...receiver,
    /** Where DISCORD_API_URL points. */
    url: receiver.origin,
    /** What was sent to a path (method and JSON body). */
    sentTo: (path: string) => receiver.received.filter((r) => r.path === path),
  }
}

export type DiscordApiStandIn = Awaited<ReturnType<typeof startDiscordApi>>

export const json = (status: number, body: unknown) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/** A key pair standing in for the Discord application's: the server gets the public half as hex. */
export function discordKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return { hex: raw.toString('hex'), privateKey }
}

/** The headers Discord sends with an interaction: the Ed25519 signature of timestamp + body. */
export function signInteraction(body: string, key: KeyObject, at = Math.floor(Date.now() / 1000)) {
  const timestamp = String(at)
  return {
    'content-type': 'application/json',
    'x-signature-ed25519': sign(null, Buffer.from(timestamp + body), key).toString('hex'),
    'x-signature-timestamp': timestamp,
  }
}

export const TEST_APPLICATION_ID = '123456789012345678'
/** A server, a channel and a member with Manage Server, as Discord sends them in an interaction. */
export const TEST_GUILD = { id: '222222222222222222', channel: '333333333333333333' }
export const TEST_MEMBER = { user: { id: '444444444444444444', username: 'stockfan' }, permissions: '32' }

/**
 * Sends signed interactions to a test app whose DISCORD_PUBLIC_KEY is `key`'s public half: `command`
 * builds a slash command (type 2) or its autocomplete (type 4) with the given options and extra fields
 * (`guild_id`, `member`, `data.resolved` …).
 */
export function interactionSender(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  key: KeyObject,
) {
  let tokens = 0
  const send = async (payload: unknown, options: { key?: KeyObject; at?: number; raw?: string } = {}) => {
    const body = options.raw ?? JSON.stringify(payload)
    return app.request('/api/discord/interactions', {
      method: 'POST',
      headers: signInteraction(body, options.key ?? key, options.at),
      body,
    })
  }
  const command = (
    name: string,
    options: object[],
    { type = 2, resolved, ...extra }: { type?: 2 | 4; resolved?: object } & Record<string, unknown> = {},
  ) =>
    send({
      type,
      token: `interaction-token-${process.pid}-${++tokens}`,
      data: { name, options, ...(resolved && { resolved }) },
      ...extra,
    })
  return { send, command }
}
