import { z } from 'zod'
import { VERIFICATION_LIMITS, VERIFICATION_MESSAGES } from '@/features/verification/rules'
import type { Env } from '@/platform/server/env'
import { AppError } from '@/platform/server/lib/errors'

/** Where Roblox's APIs are, and how long they may take (tests shorten it). */
export interface RobloxApiConfig {
  env: Pick<Env, 'ROBLOX_USERS_API_URL' | 'ROBLOX_THUMBNAILS_API_URL'>
  timeoutMs?: number
}

const lookupSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), displayName: z.string() })),
})
const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullish(),
  isBanned: z.boolean(),
})
const headshotSchema = z.object({
  data: z.array(z.object({ targetId: z.number(), state: z.string(), imageUrl: z.string().nullish() })),
})

/** Roblox's answer in the expected shape, or a 502 (down, slow, an error status, another shape). */
async function robloxJson<T>(
  config: RobloxApiConfig,
  url: string,
  schema: z.ZodType<T>,
  init: RequestInit = {},
  notFound?: () => AppError,
): Promise<T> {
  const down = () => new AppError('BAD_GATEWAY', VERIFICATION_MESSAGES.robloxDown)
  let res: Response
  try {
    res = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(config.timeoutMs ?? VERIFICATION_LIMITS.robloxTimeoutMs),
    })
  } catch {
    throw down()
  }
  if (res.status === 404 && notFound) throw notFound()
  if (!res.ok) throw down()
  const parsed = schema.safeParse(await res.json().catch(() => undefined))
  if (!parsed.success) throw down()
  return parsed.data
}

/** POST /v1/usernames/users: the Roblox user of a username (404: none, or banned). */
export async function lookUpUsername(config: RobloxApiConfig, username: string) {
  const { data } = await robloxJson(
    config,
    `${config.env.ROBLOX_USERS_API_URL}/v1/usernames/users`,
    lookupSchema,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usernames: [username], excludeBannedUsers: true }),
    },
  )
  const [user] = data
  if (!user) throw new AppError('NOT_FOUND', VERIFICATION_MESSAGES.robloxUserNotFound)
  return { id: user.id, name: user.name, displayName: user.displayName }
}

/** GET /v1/users/{id}: the user with their About (`description`). */
export const readUser = (config: RobloxApiConfig, id: number) =>
  robloxJson(
    config,
    `${config.env.ROBLOX_USERS_API_URL}/v1/users/${id}`,
    userSchema,
    {},
    () => new AppError('NOT_FOUND', VERIFICATION_MESSAGES.robloxUserNotFound),
  )

/** Where Roblox serves headshots (the only image host besides the site's own in its CSP). */
const HEADSHOT_HOST = 'https://tr.rbxcdn.com/'

/** Whether an address is a headshot on Roblox's image host (the only one the site shows). */
export const isRobloxHeadshot = (url: string | null | undefined): url is string =>
  typeof url === 'string' && url.startsWith(HEADSHOT_HOST)

/** The 150×150 headshot's address, null when Roblox has none ready. */
export async function headshotOf(config: RobloxApiConfig, id: number): Promise<string | null> {
  const query = new URLSearchParams({ userIds: String(id), size: '150x150', format: 'Png' })
  const { data } = await robloxJson(
    config,
    `${config.env.ROBLOX_THUMBNAILS_API_URL}/v1/users/avatar-headshot?${query}`,
    headshotSchema,
  )
  const shot = data.find((d) => d.targetId === id)
  return shot?.state === 'Completed' && isRobloxHeadshot(shot.imageUrl) ? shot.imageUrl : null
}
