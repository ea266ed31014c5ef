import { retryAfterOf } from '@/features/alerts/server/public'

/** Where and as whom the bot calls Discord's API (DISCORD_API_URL, DISCORD_BOT_TOKEN, DISCORD_APPLICATION_ID). */
export interface DiscordApi {
  apiUrl: string
  applicationId: string
  botToken?: string
  timeoutMs?: number
}

/**
 * What Discord answered: a 2xx with its JSON; or a failure, `refused` when the target will not take the
 * bot's messages (403 missing access, 404 unknown channel or user), with Discord's wait after a 429.
 */
export type DiscordResult =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; status: number; refused: boolean; error: string; retryAfterMs?: number }

const TIMEOUT_MS = 10_000

/**
 * One call to Discord's REST API as the bot (`Authorization: Bot …`); `asBot: false` for the interaction
 * webhooks, which the interaction token authorises. Never throws: a network failure is a result too.
 */
export async function callDiscord(
  api: DiscordApi,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  { asBot = true }: { asBot?: boolean } = {},
): Promise<DiscordResult> {
  if (asBot && !api.botToken)
    return { ok: false, status: 0, refused: false, error: 'DISCORD_BOT_TOKEN is not set' }
  const timeoutMs = api.timeoutMs ?? TIMEOUT_MS
  let res: Response
  try {
    res = await fetch(`${api.apiUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'DiscordBot (https://tradehub.gg, 1.0) TradeHub',
        ...(asBot && { authorization: `Bot ${api.botToken}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    const name = (error as { name?: string }).name
    const error_ =
      name === 'TimeoutError'
        ? `Discord did not answer within ${timeoutMs / 1000} s`
        : `Discord could not be reached (${(error as { cause?: { code?: string } }).cause?.code ?? name ?? 'error'})`
    return { ok: false, status: 0, refused: false, error: error_ }
  }
  if (res.status === 429) {
    const retryAfterMs = await retryAfterOf(res)
    return {
      ok: false,
      status: 429,
      refused: false,
      error: 'Discord answered 429: too many messages',
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    }
  }
  const text = await res.text().catch(() => '')
  if (res.ok) {
    try {
      return { ok: true, data: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
    } catch {
      return { ok: true, data: {} }
    }
  }
  const refused = res.status === 403 || res.status === 404
  let message = ''
  try {
    message = String((JSON.parse(text) as { message?: unknown }).message ?? '')
  } catch {}
  return {
    ok: false,
    status: res.status,
    refused,
    error: `Discord answered ${res.status}${message ? `: ${message.slice(0, 200)}` : ''}`,
  }
}

export const apiOf = (env: {
  DISCORD_API_URL: string
  DISCORD_APPLICATION_ID?: string
  DISCORD_BOT_TOKEN?: string
}): DiscordApi => ({
  apiUrl: env.DISCORD_API_URL,
  applicationId: env.DISCORD_APPLICATION_ID ?? '',
  ...(env.DISCORD_BOT_TOKEN && { botToken: env.DISCORD_BOT_TOKEN }),
})
