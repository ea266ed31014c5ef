import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { AppError } from '@/server/lib/errors'
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from '@/shared/profile-rules'

const ACCEPTED = new Set(['png', 'jpeg', 'webp'])
export const AVATAR_FILE_PATTERN = /^[A-Za-z0-9-]{1,80}\.webp$/

export const avatarDir = (dataDir: string) => path.join(dataDir, 'uploads', 'avatars')

/**
 * Checks the bytes are a PNG, JPEG or WebP image (by decoding, not by name or type) and re-encodes them
 * as a square 256 px WebP, which drops metadata and anything hidden in the original.
 */
export async function encodeAvatar(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength > AVATAR_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'Avatar must be 5 MB or smaller')
  const notImage = new AppError('VALIDATION_FAILED', 'Avatar must be a PNG, JPEG or WebP image', {
    fields: { avatar: 'Avatar must be a PNG, JPEG or WebP image' },
  })
  let format: string | undefined
  try {
    format = (await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata()).format
  } catch {
    throw notImage
  }
  if (!format || !ACCEPTED.has(format)) throw notImage
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw notImage
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
