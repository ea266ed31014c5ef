import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Hono } from 'hono'
import { profileUpdateSchema, usernameBodySchema } from '@/features/accounts/contract'
import { requireUser, withSession } from '@/platform/server/auth/session'
import type { AppEnv } from '@/platform/server/context'
import { AppError } from '@/platform/server/lib/errors'
import { jsonBody, uploadedFile } from '@/platform/server/lib/validate'
import { AVATAR_FILE_PATTERN, avatarDir, setAvatar } from './avatar'
import { getMe, getOwnProfile, getPublicProfile, setUsername, updateProfile } from './service'

const privateAnswer = { 'Cache-Control': 'private, no-store' }

/** /api/me: who is signed in, with profile and roles (user null for a visitor). */
export const meRoutes = new Hono<AppEnv>().get('/', withSession, async (c) => {
  const { env, database } = c.var.deps
  return c.json(await getMe(env, database.db, c.var.session?.user ?? null), 200, privateAnswer)
})

/** /api/profile: the signed-in user's own profile. */
export const profileRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/username', jsonBody(usernameBodySchema), async (c) => {
    const { env, database } = c.var.deps
    return c.json(await setUsername(env, database.db, c.var.session.user, c.req.valid('json').username))
  })
  .patch('/', jsonBody(profileUpdateSchema), async (c) => {
    const { env, database } = c.var.deps
    return c.json(await updateProfile(env, database.db, c.var.session.user, c.req.valid('json')))
  })
  .post('/avatar', async (c) => {
    const bytes = await uploadedFile(c, 'avatar', { noun: 'avatar', choose: 'Choose an image to upload' })
    const { env, database } = c.var.deps
    const user = c.var.session.user
    await setAvatar(database.db, env.DATA_DIR, user.id, bytes)
    return c.json(await getOwnProfile(database.db, c.var.session.user))
  })

/** /api/users/:username: a public profile and its favorites, in one answer. */
export const userRoutes = new Hono<AppEnv>().get('/:username', async (c) => {
  const username = c.req.param('username')
  const { database, cache } = c.var.deps
  const answer = await getPublicProfile({ db: database.db, cache }, username)
  // Revalidated on every visit: an owner's changes (avatar, favorites) show at once.
  c.header('Cache-Control', 'no-cache')
  return c.json(answer)
})

/** /uploads/avatars/:file: re-encoded avatars; a new upload gets a new name, so they are cached for a year. */
export const uploadRoutes = new Hono<AppEnv>().get('/avatars/:file', async (c) => {
  const file = c.req.param('file')
  if (!AVATAR_FILE_PATTERN.test(file)) throw new AppError('NOT_FOUND', 'Not found')
  const bytes = await readFile(path.join(avatarDir(c.var.deps.env.DATA_DIR), file)).catch(() => {
    throw new AppError('NOT_FOUND', 'Not found')
  })
  return c.body(bytes, 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
  })
})
