import { useState } from 'react'

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

/** Dark tile, light initials of one hue: contrast well above 7:1 whatever the hue. */
function tileStyle(rarity: string | null) {
  let hue = 215
  if (rarity) {
    hue = RARITY_HUE[rarity] ?? 0
    if (!(rarity in RARITY_HUE)) for (const ch of rarity) hue = (hue * 31 + ch.charCodeAt(0)) % 360
  }
  return { background: `hsl(${hue} 55% 17%)`, color: `hsl(${hue} 85% 86%)` }
}

/** "Shadow Dragon" -> "SD", "Kitsune" -> "Ki", "🐋" -> "🐋". */
export function initials(name: string): string {
  const words = name.split(/[\s\-_/()]+/).filter((w) => /^[\p{L}\p{N}]/u.test(w))
  if (words.length >= 2) return `${[...words[0]!][0]}${[...words[1]!][0]}`.toUpperCase()
  const word = words[0] ?? name.trim()
  const chars = [...word]
  if (!/^[\p{L}\p{N}]/u.test(word)) return chars[0] ?? '?'
  return `${chars[0]!.toUpperCase()}${(chars[1] ?? '').toLowerCase()}`
}

const SIZES = {
  xs: 'size-6 text-[10px]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-24 text-3xl',
} as const

/**
 * An item's picture: its image (`${image}-128.webp`, `-256.webp` for the large size), or, without one or
 * when it fails to load, a tile of its initials on its rarity's colour. Decorative: the name is beside it.
 */
export function ItemImage({
  name,
  image,
  rarity,
  size = 'md',
  className = '',
}: {
  name: string
  image: string | null
  rarity: string | null
  size?: keyof typeof SIZES
  className?: string
}) {
  const src = image ? `${image}-${size === 'lg' ? 256 : 128}.webp` : null
  const [failed, setFailed] = useState<string | null>(null)
  const box = `${SIZES[size]} shrink-0 rounded-lg ${className}`
  if (src && failed !== src)
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
        className={`${box} bg-surface-2 object-contain`}
      />
    )
  return (
    <span
      aria-hidden="true"
      style={tileStyle(rarity)}
      className={`${box} inline-flex select-none items-center justify-center font-bold`}
    >
      {initials(name)}
    </span>
  )
}
