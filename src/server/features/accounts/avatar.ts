import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { Db } from '@/server/db/client'
import { AppError } from '@/server/lib/errors'
import { avatarsDir } from '@/server/lib/paths'
import { hitRateLimit, refundRateLimit } from '@/server/lib/rate-limit'
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from '@/shared/profile-rules'
import { replaceAvatar } from './service'

const ACCEPTED = new Set(['png', 'jpeg', 'webp'])
/** At most 4096 × 4096: a bigger picture is no avatar, and decoding it costs memory. */
const MAX_PIXELS = 4096 * 4096

/** The file's own signature says PNG, JPEG or WebP (checked before any decoder sees the bytes). */
function looksLikeImage(b: Uint8Array): boolean {
  const png = b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47
  const jpeg = b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to))
  const webp = ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP'
  return png || jpeg || webp
}
export const AVATAR_FILE_PATTERN = /^[A-Za-z0-9-]{1,80}\.webp$/

export const avatarDir = avatarsDir

const notImage = () =>
  new AppError('VALIDATION_FAILED', 'Avatar must be a PNG, JPEG or WebP image', {
    fields: { avatar: 'Avatar must be a PNG, JPEG or WebP image' },
  })

/** The cheap checks, before an upload counts against the user's limit: size and file signature. */
export function checkAvatarBytes(bytes: Uint8Array): void {
  if (bytes.byteLength > AVATAR_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Avatar must be 5 MB or smaller')
  }
  if (!looksLikeImage(bytes)) throw notImage()
}

/**
 * Checks the bytes are a PNG, JPEG or WebP image (by decoding, not by name or type) and re-encodes them
 * as a square 256 px WebP, which drops metadata and anything hidden in the original.
 */
export async function encodeAvatar(bytes: Uint8Array): Promise<Buffer> {
  checkAvatarBytes(bytes)
  let format: string | undefined
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()).format
  } catch {
    throw notImage()
  }
  if (!format || !ACCEPTED.has(format)) throw notImage()
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw notImage()
  }
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

/** Uploads per user: each one is decoded and re-encoded. */
const AVATAR_UPLOADS = { max: 20, windowSeconds: 10 * 60 }

/**
 * Replaces a user's avatar: cheap refusals first (size, signature; they do not count against the
 * limit), then the per-user limit, the re-encoding, the new file and its row, and the old file removed.
 */
export async function setAvatar(db: Db, dataDir: string, userId: string, bytes: Uint8Array): Promise<void> {
  checkAvatarBytes(bytes)
  const limitKey = `avatar:${userId}`
  await hitRateLimit(db, limitKey, AVATAR_UPLOADS, 'Too many uploads. Please wait a few minutes.')
  // A picture that does not decode counts (decoding was the cost); a failure of ours below does not.
  const webp = await encodeAvatar(bytes)
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
