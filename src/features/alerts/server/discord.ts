import { lookup } from 'node:dns/promises'
import { ALERT_LIMITS, ALERT_MESSAGES, isPrivateHost, webhookUrlProblem } from '@/features/alerts/contract'

/** What became of a post: delivered, the webhook is gone (404), or a failure worth another try. */
export type WebhookResult =
  | { ok: true }
  | { ok: false; gone: true; error: string }
  | { ok: false; gone: false; error: string; retryAfterMs?: number }

export interface PostOptions {
  /** Origins accepted besides Discord's (tests only: ALERT_WEBHOOK_TEST_ORIGINS); not checked for private addresses. */
  testOrigins: readonly string[]
  timeoutMs?: number
  /** How a host name resolves (node:dns by default). */
  resolve?: (host: string) => Promise<string[]>
}

const resolveAll = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address)

const failure = (error: string, retryAfterMs?: number): WebhookResult => ({
  ok: false,
  gone: false,
  error,
  ...(retryAfterMs !== undefined && { retryAfterMs }),
})

/** Discord's wait before the next try after a 429: the Retry-After header, or `retry_after` of the body (s). */
export async function retryAfterOf(res: Response): Promise<number | undefined> {
  const header = Number.parseFloat(res.headers.get('retry-after') ?? '')
  if (Number.isFinite(header) && header >= 0) return Math.ceil(header * 1000)
  try {
    const body = (await res.json()) as { retry_after?: unknown }
    if (typeof body.retry_after === 'number' && body.retry_after >= 0)
      return Math.ceil(body.retry_after * 1000)
  } catch {}
  return undefined
}

/**
 * Posts a JSON body to a Discord webhook. The address is checked again (it may have been stored under
 * other rules), its host is resolved first and refused when any address is private or loopback (a name
 * that points into our network), a redirect is a failure and never followed, and the post gives up
 * after ALERT_LIMITS.webhookTimeoutMs. The webhook address is a secret: it is never in the result.
 */
export async function postToWebhook(url: string, body: object, options: PostOptions): Promise<WebhookResult> {
  const problem = webhookUrlProblem(url, options.testOrigins)
  if (problem) return failure(problem)
  const target = new URL(url)
  if (!options.testOrigins.includes(target.origin)) {
    let addresses: string[]
    try {
      addresses = await (options.resolve ?? resolveAll)(target.hostname)
    } catch (error) {
      return failure(
        `The webhook's host could not be resolved (${(error as { code?: string }).code ?? 'error'})`,
      )
    }
    if (addresses.length === 0 || addresses.some((address) => isPrivateHost(address)))
      return failure(ALERT_MESSAGES.webhookPrivate)
  }
  const timeoutMs = options.timeoutMs ?? ALERT_LIMITS.webhookTimeoutMs
  let res: Response
  try {
    res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'TradeHub alerts' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    const name = (error as { name?: string }).name
    return failure(
      name === 'TimeoutError'
        ? `Discord did not answer within ${timeoutMs / 1000} s`
        : `Discord could not be reached (${(error as { cause?: { code?: string } }).cause?.code ?? name ?? 'error'})`,
    )
  }
  try {
    if (res.status >= 200 && res.status < 300) return { ok: true }
    if (res.status === 404)
      return { ok: false, gone: true, error: 'Discord answered 404: the webhook is gone' }
    if (res.status === 429) return failure('Discord answered 429: too many posts', await retryAfterOf(res))
    if (res.status >= 300 && res.status < 400)
      return failure(`Discord answered a redirect (${res.status}), which is never followed`)
    return failure(`Discord answered ${res.status}`)
  } finally {
    await res.body?.cancel().catch(() => {})
  }
}
