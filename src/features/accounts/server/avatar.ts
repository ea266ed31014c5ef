import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from '@/features/accounts/rules'
import type { Db } from '@/platform/server/db/client'
import { AppError } from '@/platform/server/lib/errors'
import {
  type CheckedImage,
  checkImage,
  encodeSquareWebp,
  type ImageRefusals,
} from '@/platform/server/lib/images'
import { avatarsDir } from '@/platform/server/lib/paths'
import { hitRateLimit, refundRateLimit } from '@/platform/server/lib/rate-limit'
import { IMAGE_MESSAGES, IMAGE_UPLOAD_LIMITS } from '@/shared/image-rules'
import { replaceAvatar } from './service'

export const AVATAR_FILE_PATTERN = /^[A-Za-z0-9-]{1,80}\.webp$/

export const avatarDir = avatarsDir

const refusals: ImageRefusals = {
  notImage: 'Avatar must be a PNG, JPEG or WebP image',
  refuse: (message) => new AppError('VALIDATION_FAILED', message, { fields: { avatar: message } }),
}

/**
 * The cheap checks, before an upload counts against the user's limit: size, then the image rules
 * (signature, and sides read from the header, nothing decoded).
 */
export async function checkAvatar(bytes: Uint8Array): Promise<CheckedImage> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Avatar must be 5 MB or smaller')
  }
  return checkImage(bytes, refusals)
}

/** Re-encodes a checked avatar as a square 256 px WebP (decoded, not trusted by name or type). */
export async function encodeAvatar(image: CheckedImage): Promise<Buffer> {
  const [webp] = await encodeSquareWebp(image, [AVATAR_SIZE], 'cover', refusals)
  return webp!
}

/** Writes the avatar under a new unique name (atomically) and returns that name. */
export async function storeAvatar(dataDir: string, userId: string, webp: Buffer): Promise<string> {
  const dir = avatarDir(dataDir)
  await mkdir(dir, { recursive: true })
  const name = `${userId.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40)}-${randomBytes(6).toString('hex')}.webp`
  const tmp = path.join(dir, `.${name}.tmp`)
  await writeFile(tmp, webp)
  await rename(tmp, path.join(dir, name))
  return name
}

export async function deleteAvatar(dataDir: string, name: string): Promise<void> {
  if (AVATAR_FILE_PATTERN.test(name)) await rm(path.join(avatarDir(dataDir), name), { force: true })
}

/** The answer (503) when the server cannot store an avatar: its folder is not writable, the disk is full. */
export const AVATAR_NOT_SAVED = 'Your avatar could not be saved right now. Please try again later.'

/**
 * Replaces a user's avatar: cheap refusals first (size, signature, sides; they do not count against the
 * limit), then the per-user limit, the re-encoding, the new file and its row, and the old file removed.
 */
export async function setAvatar(db: Db, dataDir: string, userId: string, bytes: Uint8Array): Promise<void> {
  const image = await checkAvatar(bytes)
  const limitKey = `avatar:${userId}`
  await hitRateLimit(db, limitKey, IMAGE_UPLOAD_LIMITS.avatar, IMAGE_MESSAGES.tooManyUploads)
  // A picture that does not decode counts (decoding was the cost); a failure of ours (a server too busy
  // with other pictures, a folder it cannot write in) does not.
  const webp = await encodeAvatar(image).catch(async (error) => {
    if (!(error instanceof AppError && error.status < 500))
      await refundRateLimit(db, limitKey).catch(() => {})
    throw error
  })
  let previous: string | null
  try {
    const name = await storeAvatar(dataDir, userId, webp).catch((cause) => {
      throw new AppError('UNAVAILABLE', AVATAR_NOT_SAVED, { cause })
    })
    previous = await replaceAvatar(db, userId, name).catch(async (error) => {
      await deleteAvatar(dataDir, name) // no file without its row
      throw error
    })
  } catch (error) {
    await refundRateLimit(db, limitKey).catch(() => {})
    throw error
  }
  if (previous) await deleteAvatar(dataDir, previous).catch(() => {})
}
