import sharp, { type Metadata } from 'sharp'
import { IMAGE_MAX_SIDE, IMAGE_MESSAGES, imageSizeProblem } from '@/shared/image-rules'
import { AppError } from './errors'

const ACCEPTED = new Set(['png', 'jpeg', 'webp'])
/** The decoder's own guard behind the check of the sides: it stops at more pixels than the sides allow. */
const MAX_PIXELS = IMAGE_MAX_SIDE * IMAGE_MAX_SIDE

/**
 * Decoding and scaling run on libuv's thread pool (4 threads; UV_THREADPOOL_SIZE cannot be raised once
 * Node has started), which file access, DNS lookups and crypto share. One image job at a time, on one
 * libvips thread, leaves them three threads and the event loop a core of this 2-core machine, whatever
 * pictures arrive: the site keeps answering while an image is worked on.
 */
const IMAGE_JOBS_AT_ONCE = 1
/** Jobs waiting for their turn; one more is refused (503) rather than kept in memory for minutes. */
const IMAGE_JOBS_WAITING_MAX = 16
/** The Retry-After of that refusal: the queue is drained within seconds. */
const BUSY_RETRY_AFTER_SECONDS = 60

sharp.concurrency(1)

let running = 0
const waiting: (() => void)[] = []

/**
 * Runs `job` (decoding, scaling, encoding with sharp) when an image slot is free: at most
 * IMAGE_JOBS_AT_ONCE run in this process, the rest wait their turn in order. Throws a 503 when too many
 * are waiting already.
 */
export async function withImageSlot<T>(job: () => Promise<T>): Promise<T> {
  if (running < IMAGE_JOBS_AT_ONCE) running++
  else if (waiting.length >= IMAGE_JOBS_WAITING_MAX)
    throw new AppError('UNAVAILABLE', IMAGE_MESSAGES.busy, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS })
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await job()
  } finally {
    const next = waiting.shift()
    if (next)
      next() // the slot passes on to the next job
    else running--
  }
}

/** The file's own signature says PNG, JPEG or WebP (checked before any decoder sees the bytes). */
export function looksLikeImage(b: Uint8Array): boolean {
  const png = b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47
  const jpeg = b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to))
  const webp = ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP'
  return png || jpeg || webp
}

/** How an upload's refusals read: its field's error and its words for a file that is no picture. */
export interface ImageRefusals {
  /** The message for bytes that are not a PNG, JPEG or WebP image. */
  notImage: string
  /** The error to throw with a message (a 400 naming the upload's form field). */
  refuse: (message: string) => Error
}

declare const checked: unique symbol

/** An upload that passed `checkImage`: the only kind of picture the encoders take. */
export interface CheckedImage {
  readonly bytes: Uint8Array
  readonly format: 'png' | 'jpeg' | 'webp'
  readonly width: number
  readonly height: number
  readonly [checked]: true
}

/**
 * The check every picture the site accepts passes first (avatars, item images, evidence): its signature
 * says PNG, JPEG or WebP, and its sides, read from its header without decoding (about a millisecond,
 * even for a 1 × 16,000,000 px PNG), follow the image rules. Throws `refusals.refuse(message)`.
 */
export async function checkImage(bytes: Uint8Array, refusals: ImageRefusals): Promise<CheckedImage> {
  if (!looksLikeImage(bytes)) throw refusals.refuse(refusals.notImage)
  let header: Metadata
  try {
    // Header only: the pixel limit is the decoder's, below; here the sides are compared to the rules.
    header = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw refusals.refuse(refusals.notImage)
  }
  const { format, width, height } = header
  if (!format || !ACCEPTED.has(format) || !width || !height) throw refusals.refuse(refusals.notImage)
  const problem = imageSizeProblem(width, height)
  if (problem) throw refusals.refuse(problem)
  return { bytes, format: format as CheckedImage['format'], width, height } as CheckedImage
}

/**
 * Re-encodes a checked picture as square WebP pictures of each size (decoded, which drops metadata and
 * anything hidden in the original), one size after another in one image slot.
 * `fit`: 'cover' crops to the square (avatars), 'contain' keeps the whole picture on transparency.
 * Throws `refusals.refuse(refusals.notImage)` when the picture does not decode.
 */
export function encodeSquareWebp(
  image: CheckedImage,
  sizes: readonly number[],
  fit: 'cover' | 'contain',
  refusals: ImageRefusals,
): Promise<Buffer[]> {
  return withImageSlot(async () => {
    const pictures: Buffer[] = []
    try {
      for (const size of sizes)
        pictures.push(
          await sharp(image.bytes, { limitInputPixels: MAX_PIXELS })
            .rotate()
            .resize(size, size, { fit, background: { r: 0, g: 0, b: 0, alpha: 0 } })
            .webp({ quality: 82 })
            .toBuffer(),
        )
    } catch {
      throw refusals.refuse(refusals.notImage)
    }
    return pictures
  })
}

/**
 * Re-encodes a checked picture as one WebP whose longer side is at most `maxSide` (smaller pictures keep
 * their size), aspect kept (screenshots, evidence). Decoded, which drops metadata and anything hidden.
 * Throws `refusals.refuse(refusals.notImage)` when the picture does not decode.
 */
export function encodeFittedWebp(
  image: CheckedImage,
  maxSide: number,
  refusals: ImageRefusals,
): Promise<{ webp: Buffer; width: number; height: number }> {
  return withImageSlot(async () => {
    try {
      const { data, info } = await sharp(image.bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true })
      return { webp: data, width: info.width, height: info.height }
    } catch {
      throw refusals.refuse(refusals.notImage)
    }
  })
}
