/**
 * The rules every picture the site accepts follows (avatars, item images, dispute evidence), with their
 * messages. The server reads a picture's sides from its header and refuses it before decoding anything.
 * No package imports: this module ships in the browser bundle.
 */

/**
 * Longest side, in pixels. More than any avatar, item image or screenshot needs, and it caps what
 * decoding one picture costs (at most 4096 × 4096 pixels).
 */
export const IMAGE_MAX_SIDE = 4096

/**
 * How many times the longer side may be the shorter one. A strip of 1 × 16,000,000 px is a 31 KB file
 * but takes seconds of a server thread to scale; a banner (4:1) or a phone screenshot (about 1:2) fits.
 */
export const IMAGE_MAX_ASPECT = 8

/** Uploads one user may make per kind of picture: each one is decoded and re-encoded on the server. */
export const IMAGE_UPLOAD_LIMITS = {
  /** 20 in 10 minutes: trying out a few avatars, not a script. */
  avatar: { max: 20, windowSeconds: 10 * 60 },
  /** 30 in 10 minutes: an editor giving a batch of new items their pictures one after another. */
  itemImage: { max: 30, windowSeconds: 10 * 60 },
} as const

export const IMAGE_MESSAGES = {
  tooLarge: `The image must be at most ${IMAGE_MAX_SIDE} × ${IMAGE_MAX_SIDE} pixels`,
  tooThin: `The image is too narrow or too tall: its longer side can be at most ${IMAGE_MAX_ASPECT} times its shorter side`,
  tooManyUploads: 'Too many uploads. Please wait a few minutes.',
  busy: 'The server is busy with other pictures. Please try again in a minute.',
} as const

/** What is wrong with a picture of these sides (in pixels), or null when it may be uploaded. */
export function imageSizeProblem(width: number, height: number): string | null {
  const [shorter, longer] = width < height ? [width, height] : [height, width]
  if (longer > IMAGE_MAX_SIDE) return IMAGE_MESSAGES.tooLarge
  if (!(shorter >= 1) || longer > shorter * IMAGE_MAX_ASPECT) return IMAGE_MESSAGES.tooThin
  return null
}
