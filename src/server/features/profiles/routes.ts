import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '@/server/app'
import { isAdmin, stockManagerGames } from '@/server/auth/roles'
import { requireUser, withSession } from '@/server/auth/session'
import { listUserFavorites } from '@/server/features/favorites/service'
import { AppError } from '@/server/lib/errors'
import { hitRateLimit } from '@/server/lib/rate-limit'
import { jsonBody } from '@/server/lib/validate'
import { AVATAR_MAX_BYTES, usernameProblem } from '@/shared/profile-rules'
import { type MeResponse, profileUpdateSchema, usernameBodySchema } from '@/shared/profiles'
import {
  AVATAR_FILE_PATTERN,
  avatarDir,
  checkAvatarBytes,
  deleteAvatar,
  encodeAvatar,
  storeAvatar,
} from './avatar'
import { findPublicProfile, getOwnProfile, replaceAvatar, setUsername, updateProfile } from './service'

const privateAnswer = { 'Cache-Control': 'private, no-store' }
/** Uploads per user: each one is decoded and re-encoded. */
const AVATAR_UPLOADS = { max: 20, windowSeconds: 10 * 60 }

/** /api/me: who is signed in, with profile and roles (user null for a visitor). */
export const meRoutes = new Hono<AppEnv>().get('/', withSession, async (c) => {
  const { session } = c.var
  const { env, database } = c.var.deps
  if (!session) return c.json<MeResponse>({ user: null }, 200, privateAnswer)
  const { user } = session
  return c.json<MeResponse>(
    {
      user: {
        id: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        twoFactorEnabled: Boolean(user.twoFactorEnabled),
        isAdmin: isAdmin(env, user),
        stockManagerGames: stockManagerGames(env, user),
        profile: await getOwnProfile(database.db, user),
      },
    },
    200,
    privateAnswer,
  )
})

const avatarBodyLimit = bodyLimit({
  maxSize: AVATAR_MAX_BYTES + 64 * 1024, // the file plus the multipart envelope
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Avatar must be 5 MB or smaller')
  },
})

/** /api/profile: the signed-in user's own profile. */
export const profileRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post('/username', jsonBody(usernameBodySchema), async (c) =>
    c.json(await setUsername(c.var.deps.database.db, c.var.session.user, c.req.valid('json').username)),
  )
  .patch('/', jsonBody(profileUpdateSchema), async (c) =>
    c.json(await updateProfile(c.var.deps.database.db, c.var.session.user, c.req.valid('json'))),
  )
  .post('/avatar', avatarBodyLimit, async (c) => {
    const form = await c.req.formData().catch(() => {
      throw new AppError('BAD_REQUEST', 'Send the avatar as multipart/form-data with a field "avatar"')
    })
    const file = form.get('avatar')
    if (!(file instanceof File))
      throw new AppError('VALIDATION_FAILED', 'Choose an image to upload', {
        fields: { avatar: 'Choose an image to upload' },
      })
    const { env, database } = c.var.deps
    const userId = c.var.session.user.id
    const bytes = new Uint8Array(await file.arrayBuffer())
    checkAvatarBytes(bytes) // cheap refusals do not count against the limit
    await hitRateLimit(
      database.db,
      `avatar:${userId}`,
      AVATAR_UPLOADS,
      'Too many uploads. Please wait a few minutes.',
    )
    const webp = await encodeAvatar(bytes)
    const name = await storeAvatar(env.DATA_DIR, userId, webp)
    const previous = await replaceAvatar(database.db, userId, name).catch(async (error) => {
      await deleteAvatar(env.DATA_DIR, name) // no file without its row
      throw error
    })
    if (previous) await deleteAvatar(env.DATA_DIR, previous)
    return c.json(await getOwnProfile(database.db, c.var.session.user))
  })

/** /api/users/:username: a public profile and its favorites, in one answer. */
export const userRoutes = new Hono<AppEnv>().get('/:username', async (c) => {
  const username = c.req.param('username')
  if (usernameProblem(username)) throw new AppError('NOT_FOUND', 'No trader has this username')
  const { database, cache } = c.var.deps
  const { userId, profile } = await findPublicProfile(database.db, username)
  const favorites = await listUserFavorites({ db: database.db, cache }, userId)
  // Revalidated on every visit: an owner's changes (avatar, favorites) show at once.
  c.header('Cache-Control', 'no-cache')
  return c.json({ profile, favorites })
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
