import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A Roblox user the stand-in knows: what `/v1/users/{id}` answers, in Roblox's exact shape. */
export interface RobloxUserRecord {
  id: number
  name: string
  displayName: string
  description: string
  created: string
  isBanned: boolean
  hasVerifiedBadge: boolean
  externalAppDisplayName: string | null
}

/** How one request is answered instead of the usual: a status, `drop` (connection cut) or `hang`. */
export type RobloxReply = { status: number; body: string } | 'drop' | 'hang'

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = ''
    req.on('data', (chunk) => {
      data += chunk
    })
    req.on('end', () => resolve(data))
  })

/** Roblox's error body (`{"errors":[{code,message}]}`). */
const robloxError = (code: number, message: string) => ({ errors: [{ code, message }] })

/**
 * A local HTTP server standing in for Roblox's users and thumbnails APIs (on 127.0.0.1, a free port or
 * the one given), in their exact shapes: `POST /v1/usernames/users`, `GET /v1/users/{id}` and
 * `GET /v1/users/avatar-headshot?userIds=…&size=150x150&format=Png`. Point both ROBLOX_USERS_API_URL and
 * ROBLOX_THUMBNAILS_API_URL at `origin`. Replies queued by path (`/v1/users/7`) come first, in turn.
 */
export async function startRobloxApi(
  options: {
    port?: number
    /** Headshots `Pending` (no image address): for browsers that must not reach Roblox's image host. */
    noHeadshots?: boolean
    /** Browser journeys (another process) add users and write Abouts over HTTP: `POST /__control/…`. */
    control?: boolean
  } = {},
) {
  const users = new Map<number, RobloxUserRecord>()
  const queued = new Map<string, RobloxReply[]>()
  const requests: string[] = []
  const hanging = new Set<ServerResponse>()
  let nextId = 1_000_000 + Math.floor(Math.random() * 1_000_000)

  const answer = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.method === 'POST' && url.pathname === '/v1/usernames/users') {
      const body = JSON.parse((await readBody(req)) || '{}') as {
        usernames?: string[]
        excludeBannedUsers?: boolean
      }
      const data = (body.usernames ?? []).flatMap((requested) => {
        const user = [...users.values()].find((u) => u.name.toLowerCase() === requested.toLowerCase())
        if (!user || (body.excludeBannedUsers && user.isBanned)) return []
        return [
          {
            requestedUsername: requested,
            hasVerifiedBadge: user.hasVerifiedBadge,
            id: user.id,
            name: user.name,
            displayName: user.displayName,
          },
        ]
      })
      return json(res, 200, { data })
    }
    if (req.method === 'GET' && url.pathname === '/v1/users/avatar-headshot') {
      const ids = (url.searchParams.get('userIds') ?? '').split(',').filter(Boolean).map(Number)
      const data = ids.map((targetId) =>
        users.has(targetId) && !options.noHeadshots
          ? {
              targetId,
              state: 'Completed',
              imageUrl: `https://tr.rbxcdn.com/30DAY-AvatarHeadshot-${targetId}-Png/150/150/AvatarHeadshot/Webp/noFilter`,
              version: 'TN3',
            }
          : { targetId, state: options.noHeadshots ? 'Pending' : 'Error', imageUrl: null, version: 'TN3' },
      )
      return json(res, 200, { data })
    }
    const one = url.pathname.match(/^\/v1\/users\/(\d+)$/)
    if (req.method === 'GET' && one) {
      const user = users.get(Number(one[1]))
      if (!user) return json(res, 404, robloxError(3, 'The user id is invalid.'))
      return json(res, 200, {
        description: user.description,
        created: user.created,
        isBanned: user.isBanned,
        externalAppDisplayName: user.externalAppDisplayName,
        hasVerifiedBadge: user.hasVerifiedBadge,
        id: user.id,
        name: user.name,
        displayName: user.displayName,
      })
    }
    if (url.pathname === '/health') return json(res, 200, { ok: true })
    if (options.control && req.method === 'POST' && url.pathname === '/__control/users') {
      const body = JSON.parse((await readBody(req)) || '{}') as Partial<RobloxUserRecord> & { name: string }
      return json(res, 201, addUser(body))
    }
    const about = url.pathname.match(/^\/__control\/users\/(\d+)\/description$/)
    if (options.control && req.method === 'POST' && about) {
      const user = users.get(Number(about[1]))
      if (!user) return json(res, 404, robloxError(3, 'The user id is invalid.'))
      user.description =
        (JSON.parse((await readBody(req)) || '{}') as { description?: string }).description ?? ''
      return json(res, 200, user)
    }
    return json(res, 404, robloxError(0, 'NotFound'))
  }

  const addUser = (user: Partial<RobloxUserRecord> & { name: string }): RobloxUserRecord => {
    const record: RobloxUserRecord = {
      id: user.id ?? ++nextId,
      displayName: user.name,
      description: '',
      created: '2019-03-02T17:01:45.53Z',
      isBanned: false,
      hasVerifiedBadge: false,
      externalAppDisplayName: null,
      ...user,
    }
    users.set(record.id, record)
    return record
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://roblox.test')
    requests.push(`${req.method} ${url.pathname}`)
    const reply = queued.get(url.pathname)?.shift()
    if (reply === 'drop') return void res.socket?.destroy()
    if (reply === 'hang') return void hanging.add(res)
    if (reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      return void res.end(reply.body)
    }
    void answer(req, res, url)
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    /** `ROBLOX_USERS_API_URL` and `ROBLOX_THUMBNAILS_API_URL` for an app or a server. */
    env: { ROBLOX_USERS_API_URL: origin, ROBLOX_THUMBNAILS_API_URL: origin },
    /** Every request, as `METHOD /path`, in order. */
    requests,
    /** Adds a Roblox user (a fresh id unless given); returns it. */
    addUser,
    /** Writes a user's About (their profile description). */
    setDescription(id: number, description: string) {
      const user = users.get(id)
      if (!user) throw new Error(`no Roblox user ${id}`)
      user.description = description
    },
    /** Replies for the next requests to a path (`/v1/users/123`, `/v1/usernames/users`), in order. */
    reply(path: string, ...replies: RobloxReply[]) {
      queued.set(path, [...(queued.get(path) ?? []), ...replies])
    },
    async close() {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type RobloxApi = Awaited<ReturnType<typeof startRobloxApi>>
