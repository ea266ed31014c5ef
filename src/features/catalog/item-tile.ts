/**
 * The tile an item without an image shows: its initials on its rarity's colour. Pure: the pages draw it
 * with CSS, the server's link-preview images with SVG.
 */

import { ownValue } from '@/shared/lookup'

/** The hue of a rarity's tile; other rarities (tiers such as "S+") get one from their name. */
const RARITY_HUE: Record<string, number> = {
  Common: 215,
  Uncommon: 85,
  Rare: 200,
  'Ultra-Rare': 240,
  Legendary: 38,
  Mythical: 295,
  Divine: 22,
  Prismatic: 330,
  Transcendent: 185,
  Godly: 52,
  Ancient: 5,
  Chroma: 170,
  Limited: 350,
  Gamepass: 150,
  Huge: 270,
  Titanic: 258,
  Secret: 0,
}

/** The hue (0-359) of a rarity's tile; 215 without a rarity. */
export function tileHue(rarity: string | null): number {
  if (!rarity) return 215
  const known = ownValue(RARITY_HUE, rarity)
  if (known !== undefined) return known
  let hue = 0
  for (const ch of rarity) hue = (hue * 31 + ch.charCodeAt(0)) % 360
  return hue
}

/** Dark tile, light initials of one hue (HSL saturation and lightness): contrast well above 7:1 whatever the hue. */
export const TILE_BACKGROUND = { saturation: 55, lightness: 17 } as const
export const TILE_INK = { saturation: 85, lightness: 86 } as const

/** "Shadow Dragon" -> "SD", "Kitsune" -> "Ki", "🐋" -> "🐋". */
export function initials(name: string): string {
  const words = name.split(/[\s\-_/()]+/).filter((w) => /^[\p{L}\p{N}]/u.test(w))
  if (words.length >= 2) return `${[...words[0]!][0]}${[...words[1]!][0]}`.toUpperCase()
  const word = words[0] ?? name.trim()
  const chars = [...word]
  if (!/^[\p{L}\p{N}]/u.test(word)) return chars[0] ?? '?'
  return `${chars[0]!.toUpperCase()}${(chars[1] ?? '').toLowerCase()}`
}
