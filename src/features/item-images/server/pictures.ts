import sharp from 'sharp'
import { ITEM_IMAGE_LIMITS, ITEM_IMAGE_MESSAGES } from '@/features/item-images/contract'
import { withImageSlot } from '@/platform/server/lib/images'
import { FetchRefused, safeFetch } from '@/platform/server/lib/safe-fetch'
import { IMAGE_MAX_SIDE, imageSizeProblem } from '@/shared/image-rules'
import type { FetchSettings } from './sources'

/** A picture that was found but cannot be stored: its reason goes into the job's result. */
export class PictureRefused extends Error {}

export type PictureType = 'png' | 'jpeg' | 'webp' | 'gif'

/** The picture's type from its own first bytes (PNG, JPEG, WebP, GIF), whatever its headers claim; null: none. */
export function sniffPicture(b: Uint8Array): PictureType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to))
  if (b[0] === 0x89 && ascii(1, 4) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a) return 'png'
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif'
  return null
}

/**
 * A GIF as the storage takes pictures (PNG, JPEG, WebP): its sides are read from its header and checked
 * by the image rules before anything is decoded; then its first frame, decoded in an image slot under
 * the same pixel limit as every decode, becomes a PNG.
 */
async function gifAsPng(bytes: Buffer): Promise<Buffer> {
  let width: number | undefined
  let height: number | undefined
  try {
    ;({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata())
  } catch {
    throw new PictureRefused(ITEM_IMAGE_MESSAGES.notImage)
  }
  if (!width || !height) throw new PictureRefused(ITEM_IMAGE_MESSAGES.notImage)
  const problem = imageSizeProblem(width, height)
  if (problem) throw new PictureRefused(problem)
  return withImageSlot(async () => {
    try {
      return await sharp(bytes, { limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE, pages: 1 })
        .png()
        .toBuffer()
    } catch {
      throw new PictureRefused(ITEM_IMAGE_MESSAGES.notImage)
    }
  })
}

/**
 * Fetches a picture the source named (the safe fetch: https, no private address, at most 5 MB) and
 * answers bytes the storage takes: a PNG, JPEG or WebP as they came (the storage checks their sides from
 * the header before decoding), a GIF's first frame as a PNG. Throws PictureRefused with the reason.
 */
export async function fetchPicture(url: string, settings: FetchSettings): Promise<Buffer> {
  let res: Awaited<ReturnType<typeof safeFetch>>
  try {
    res = await safeFetch(url, {
      maxBytes: ITEM_IMAGE_LIMITS.maxImageBytes,
      timeoutMs: settings.timeoutMs ?? ITEM_IMAGE_LIMITS.fetchTimeoutMs,
      testOrigins: settings.testOrigins,
      signal: settings.signal,
      resolve: settings.resolve,
      headers: { accept: 'image/png,image/jpeg,image/webp,image/gif', 'user-agent': settings.userAgent },
    })
  } catch (error) {
    if (error instanceof FetchRefused) throw new PictureRefused(error.message)
    throw error
  }
  if (res.status !== 200) throw new PictureRefused(`The source answered HTTP ${res.status}`)
  const type = sniffPicture(res.body)
  if (!type) throw new PictureRefused(ITEM_IMAGE_MESSAGES.notImage)
  return type === 'gif' ? gifAsPng(res.body) : res.body
}
