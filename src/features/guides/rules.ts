import { GAME_IDS } from '@/shared/games'

/** The guides' limits and statuses, free of zod (the editor's page uses them). */
export const GUIDE_TITLE_MAX = 120
export const GUIDE_BODY_MAX = 50_000
export const GUIDE_STATUSES = ['draft', 'published'] as const
export type GuideStatus = (typeof GUIDE_STATUSES)[number]

/**
 * The images a guide may show: pictures the site serves from its uploads, an item's image
 * (`/uploads/items/<game>/<item>-<version>-<size>.webp`) or an avatar (`/uploads/avatars/<name>.webp`).
 * Never another address: every reader's browser fetches an image with their cookies, so a site path
 * such as `/r/<code>` (which sets a referral cookie) would act as each reader, and another host would
 * learn who reads the guide (docs/decisions/035-guides.md).
 */
export const GUIDE_IMAGE_PATTERN = new RegExp(
  `^/uploads/(?:items/(?:${GAME_IDS.join('|')})/[a-z0-9-]{1,120}-[0-9a-f]{12}-\\d{3}|avatars/[A-Za-z0-9-]{1,80})\\.webp$`,
)

/** An image address as a message shows it: a long one (a `data:` URL) is cut. */
const shown = (src: string) => (src.length > 80 ? `${src.slice(0, 79)}…` : src)

export const GUIDE_MESSAGES = {
  bodyTooLong: `Keep the guide to ${GUIDE_BODY_MAX} characters`,
  imageNotAllowed: (src: string) =>
    `Images must be pictures uploaded to the site (an address starting /uploads/items/ or /uploads/avatars/): ${shown(src)} is not one`,
}
