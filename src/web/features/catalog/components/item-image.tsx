import { useState } from 'react'

/** Tile colours by rarity (solid, so the initials keep their contrast); other rarities get one by name. */
const RARITY_TILE: Record<string, string> = {
  Common: 'bg-slate-800 text-slate-200',
  Uncommon: 'bg-lime-950 text-lime-200',
  Rare: 'bg-sky-950 text-sky-200',
  'Ultra-Rare': 'bg-indigo-950 text-indigo-200',
  Legendary: 'bg-amber-950 text-amber-200',
  Mythical: 'bg-fuchsia-950 text-fuchsia-200',
  Divine: 'bg-orange-950 text-orange-200',
  Prismatic: 'bg-pink-950 text-pink-200',
  Transcendent: 'bg-cyan-950 text-cyan-200',
  Godly: 'bg-yellow-950 text-yellow-200',
  Ancient: 'bg-red-950 text-red-200',
  Chroma: 'bg-teal-950 text-teal-200',
  Limited: 'bg-rose-950 text-rose-200',
  Gamepass: 'bg-emerald-950 text-emerald-200',
  Huge: 'bg-purple-950 text-purple-200',
  Titanic: 'bg-violet-950 text-violet-200',
  Secret: 'bg-red-950 text-red-200',
}
const OTHER_TILES = [
  'bg-slate-800 text-slate-200',
  'bg-sky-950 text-sky-200',
  'bg-emerald-950 text-emerald-200',
  'bg-amber-950 text-amber-200',
  'bg-violet-950 text-violet-200',
  'bg-rose-950 text-rose-200',
]

function tileClass(rarity: string | null): string {
  if (!rarity) return OTHER_TILES[0]!
  const known = RARITY_TILE[rarity]
  if (known) return known
  let hash = 0
  for (const ch of rarity) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return OTHER_TILES[hash % OTHER_TILES.length]!
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
      className={`${box} ${tileClass(rarity)} inline-flex select-none items-center justify-center font-bold`}
    >
      {initials(name)}
    </span>
  )
}
