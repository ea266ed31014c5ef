/** The size of an item's picture the bot's embeds show (the larger of the two the site keeps). */
const PICTURE_SIZE = 256

/** A picture's address is a path on the site (`/uploads/items/…`), not another origin's. */
const onSite = (image: string | null | undefined): image is string =>
  Boolean(image?.startsWith('/') && !image.startsWith('//'))

/**
 * The absolute address of an item's picture on TradeHub, its 256 px WebP
 * (`https://…/uploads/items/blox-fruits/kitsune-3f2a…-256.webp`), from the catalog's `image`; undefined
 * when the item has none (the site draws its initials tile, which Discord cannot show). Only an address
 * on the site itself: Discord fetches the picture from TradeHub, never from where it came from.
 */
export function pictureUrl(publicUrl: string, image: string | null | undefined): string | undefined {
  return onSite(image) ? `${publicUrl}${image}-${PICTURE_SIZE}.webp` : undefined
}

/** An embed's thumbnail of the item's picture, to spread into the embed; nothing when it has none. */
export function thumbnailOf(
  publicUrl: string,
  image: string | null | undefined,
): { thumbnail?: { url: string } } {
  const url = pictureUrl(publicUrl, image)
  return url ? { thumbnail: { url } } : {}
}

interface Showable {
  rarity: string | null
  value: number | null
  image: string | null
}

/**
 * The item a list's thumbnail shows: of the items with a picture, the rarest (`rarities` from the most
 * common to the rarest; a rarity not in it counts below them), then the most valuable, then the first
 * listed. Undefined when none has a picture.
 */
export function showcaseOf<T extends Showable>(
  items: readonly (T | undefined)[],
  rarities: readonly string[] = [],
): T | undefined {
  const rank = (item: T) => (item.rarity ? rarities.indexOf(item.rarity) : -1)
  let best: T | undefined
  for (const item of items) {
    if (!item || !onSite(item.image)) continue
    if (
      !best ||
      rank(item) > rank(best) ||
      (rank(item) === rank(best) && (item.value ?? -1) > (best.value ?? -1))
    )
      best = item
  }
  return best
}
