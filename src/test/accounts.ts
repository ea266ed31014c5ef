import { desc, eq } from 'drizzle-orm'
import { pendingEmails } from '@/server/db/schema'
import { type createTestApp, TEST_ORIGIN } from './app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

export const STRONG_PASSWORD = 'Kitsune-Trade-42'

/** The cookies an answer sets, as a Cookie header. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** The newest link in the newest outbox mail to `email`. */
export async function lastMailLink(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(pendingEmails)
    .where(eq(pendingEmails.toEmail, email))
    .orderBy(desc(pendingEmails.id))
    .limit(1)
  const link = mail?.textBody?.match(/https?:\/\/\S+/)?.[0]
  if (!link) throw new Error(`no mail with a link to ${email}`)
  return link
}

/** A request as the browser on our origin sends it. */
export function send(
  t: TestApp,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...init.headers }
  if (init.cookie) headers.cookie = init.cookie
  let body: BodyInit | undefined
  if (init.body instanceof FormData) body = init.body
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.body)
  }
  return t.app.request(path, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body })
}

/** Signs up with a password, follows the verification link and returns the session cookie. */
export async function createVerifiedUser(t: TestApp, email: string, password = STRONG_PASSWORD) {
  const res = await send(t, '/api/auth/sign-up/email', { body: { email, password, name: '' } })
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  const link = new URL(await lastMailLink(t, email))
  const verified = await t.app.request(link.pathname + link.search, { headers: { origin: TEST_ORIGIN } })
  const cookie = cookiesOf(verified)
  if (!cookie.includes('session_token')) throw new Error(`verification gave no session: ${verified.status}`)
  return { cookie }
}

/** A verified user with a username. */
export async function createUserWithUsername(t: TestApp, email: string, username: string) {
  const { cookie } = await createVerifiedUser(t, email)
  const res = await send(t, '/api/profile/username', { body: { username }, cookie })
  if (!res.ok) throw new Error(`username failed: ${res.status} ${await res.text()}`)
  return { cookie }
}
