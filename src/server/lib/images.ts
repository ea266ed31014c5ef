import sharp from 'sharp'

const ACCEPTED = new Set(['png', 'jpeg', 'webp'])
/** At most 4096 × 4096: a bigger picture is no avatar nor item image, and decoding it costs memory. */
const MAX_PIXELS = 4096 * 4096

/** The file's own signature says PNG, JPEG or WebP (checked before any decoder sees the bytes). */
export function looksLikeImage(b: Uint8Array): boolean {
  const png = b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47
  const jpeg = b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to))
  const webp = ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP'
  return png || jpeg || webp
}

/**
 * Checks the bytes are a PNG, JPEG or WebP image (by decoding, not by name or type) and re-encodes them
 * as square WebP pictures of each size, which drops metadata and anything hidden in the original.
 * `fit`: 'cover' crops to the square (avatars), 'contain' keeps the whole picture on transparency.
 * Throws `notImage()` for anything that is not such an image.
 */
export async function encodeSquareWebp(
  bytes: Uint8Array,
  sizes: readonly number[],
  fit: 'cover' | 'contain',
  notImage: () => Error,
): Promise<Buffer[]> {
  if (!looksLikeImage(bytes)) throw notImage()
  let format: string | undefined
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()).format
  } catch {
    throw notImage()
  }
  if (!format || !ACCEPTED.has(format)) throw notImage()
  try {
    return await Promise.all(
      sizes.map((size) =>
        sharp(bytes, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize(size, size, { fit, background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .webp({ quality: 82 })
          .toBuffer(),
      ),
    )
  } catch {
    throw notImage()
  }
}
