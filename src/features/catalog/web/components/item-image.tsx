import { useState } from 'react'
import { initials, TILE_BACKGROUND, TILE_INK, tileHue } from '@/features/catalog/item-tile'

/** Dark tile, light initials of one hue: contrast well above 7:1 whatever the hue. */
function tileStyle(rarity: string | null) {
  const hue = tileHue(rarity)
  return {
    background: `hsl(${hue} ${TILE_BACKGROUND.saturation}% ${TILE_BACKGROUND.lightness}%)`,
    color: `hsl(${hue} ${TILE_INK.saturation}% ${TILE_INK.lightness}%)`,
  }
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
