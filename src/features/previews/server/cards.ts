import sharp from 'sharp'
import { initials, TILE_BACKGROUND, TILE_INK, tileHue } from '@/features/catalog/item-tile'
import {
  type ItemPreview,
  PREVIEW_IMAGE,
  type TradePreview,
  type TradePreviewSide,
} from '@/features/catalog/link-previews'
import { withImageSlot } from '@/platform/server/lib/images'
import { IMAGE_MAX_SIDE } from '@/shared/image-rules'
import { isOwnKey } from '@/shared/lookup'
import { ellipsize, escapeXml, FONT_FAMILY, type Font, fitText, textWidth } from './svg-text'

/**
 * The link-preview pictures: an SVG drawn in the site's colours, turned into a 1200 × 630 PNG by sharp,
 * with the items' own images laid over their places. Every text from the database goes through
 * escapeXml; sizes are chosen to stay readable at the ~400 px Discord shows.
 */

const { width: W, height: H } = PREVIEW_IMAGE

/** The site's palette (src/platform/web/styles.css). */
const C = {
  bg: '#0b0f17',
  surface: '#121826',
  surface2: '#1a2234',
  line: '#263048',
  ink: '#e8edf7',
  muted: '#a3aec4',
  accent: '#34d399',
  accentStrong: '#10b981',
  warn: '#fbbf24',
  danger: '#f87171',
  sky: '#7dd3fc',
} as const

/** The calculator's verdict colours (Win: accent, Fair: sky, Loss: danger). */
const VERDICT = {
  win: { label: 'Win', color: C.accent },
  fair: { label: 'Fair', color: C.sky },
  loss: { label: 'Loss', color: C.danger },
} as const

function hslHex(h: number, s: number, l: number): string {
  const sat = s / 100
  const light = l / 100
  const k = (n: number) => (n + h / 30) % 12
  const a = sat * Math.min(light, 1 - light)
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return `#${[f(0), f(8), f(4)]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

interface TextOptions extends Font {
  x: number
  y: number
  fill: string
  anchor?: 'start' | 'middle' | 'end'
  spacing?: number
}

function text(content: string, { x, y, size, bold, fill, anchor = 'start', spacing }: TextOptions): string {
  const attrs = [
    `x="${x}"`,
    `y="${y}"`,
    `font-size="${size}"`,
    bold ? 'font-weight="700"' : '',
    `fill="${fill}"`,
    anchor === 'start' ? '' : `text-anchor="${anchor}"`,
    spacing ? `letter-spacing="${spacing}"` : '',
  ].filter(Boolean)
  return `<text ${attrs.join(' ')}>${escapeXml(content)}</text>`
}

/** The initials tile the site shows for an item without an image, on its rarity's colour. */
function tile(name: string, rarity: string | null, x: number, y: number, size: number): string {
  const hue = tileHue(rarity)
  const mark = initials(name)
  const fontSize = Math.round(size * (textWidth(mark, { size: 1, bold: true }) > 1.4 ? 0.34 : 0.4))
  return [
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${Math.round(size * 0.18)}" fill="${hslHex(hue, TILE_BACKGROUND.saturation, TILE_BACKGROUND.lightness)}"/>`,
    text(mark, {
      x: x + size / 2,
      y: Math.round(y + size / 2 + fontSize * 0.36),
      size: fontSize,
      bold: true,
      fill: hslHex(hue, TILE_INK.saturation, TILE_INK.lightness),
      anchor: 'middle',
    }),
  ].join('')
}

/** The site's mark (the favicon) and name, top left. */
function brand(x: number, y: number): string {
  const size = 52
  return [
    `<g transform="translate(${x} ${y}) scale(${size / 64})"><rect width="64" height="64" rx="14" fill="${C.accentStrong}"/>`,
    `<path d="M18 24h22l-6-6m12 22H24l6 6" fill="none" stroke="${C.bg}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></g>`,
    text('TradeHub', { x: x + size + 16, y: y + 38, size: 36, bold: true, fill: C.ink }),
  ].join('')
}

/** A rounded label ending at `right` (the game's name, top right). */
function pillRight(label: string, right: number, y: number, font: Font, fill = C.muted): string {
  const content = ellipsize(label, 420, font)
  const width = Math.round(textWidth(content, font) + 48)
  const height = Math.round(font.size * 1.9)
  return [
    `<rect x="${right - width}" y="${y}" width="${width}" height="${height}" rx="${height / 2}" fill="${C.surface2}" stroke="${C.line}" stroke-width="2"/>`,
    text(content, {
      x: right - width / 2,
      y: Math.round(y + height / 2 + font.size * 0.36),
      ...font,
      fill,
      anchor: 'middle',
    }),
  ].join('')
}

/** A fact chip: a muted label and its value, e.g. "Demand 8/10". Returns its markup and width. */
function chip(
  label: string,
  value: string,
  x: number,
  y: number,
  fill: string = C.ink,
): { svg: string; width: number } {
  const font = { size: 28 }
  const valueFont = { size: 28, bold: true }
  const shown = ellipsize(value, 260, valueFont)
  const labelWidth = textWidth(`${label} `, font)
  const width = Math.round(labelWidth + textWidth(shown, valueFont) + 44)
  const height = 56
  return {
    width,
    svg: [
      `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="14" fill="${C.surface2}" stroke="${C.line}" stroke-width="2"/>`,
      text(label, { x: x + 22, y: y + 38, ...font, fill: C.muted }),
      text(shown, { x: Math.round(x + 22 + labelWidth), y: y + 38, ...valueFont, fill }),
    ].join(''),
  }
}

function svgDocument(body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${FONT_FAMILY}">`,
    '<defs>',
    `<radialGradient id="glow" cx="1" cy="0" r="0.9"><stop offset="0" stop-color="${C.accentStrong}" stop-opacity="0.16"/><stop offset="1" stop-color="${C.accentStrong}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${W}" height="${H}" fill="${C.bg}"/>`,
    `<rect width="${W}" height="${H}" fill="url(#glow)"/>`,
    body,
    '</svg>',
  ].join('')
}

/** As the values list colours it: rising or hyped green, dropping red. */
const trendColor = (trend: string) =>
  trend === 'Rising' || trend === 'Hyped' ? C.accent : trend === 'Dropping' ? C.danger : C.ink

/** The item's picture box on its preview, and the picture's place inside it. */
const ITEM_BOX = { x: 800, y: 150, size: 328 }
const ITEM_PICTURE = { x: ITEM_BOX.x + 28, y: ITEM_BOX.y + 28, size: ITEM_BOX.size - 56 }

/** An item page's preview as SVG; with `hasPicture`, a box where its picture goes (ITEM_PICTURE). */
export function itemPreviewSvg(preview: ItemPreview, hasPicture: boolean): string {
  const left = 72
  const columnWidth = 640
  const box = ITEM_BOX
  const parts: string[] = [brand(left, 52), pillRight(preview.game, W - 72, 52, { size: 28, bold: true })]

  // The name: one line as large as fits, else two smaller ones (the value block stays where it is).
  const oneLine = fitText(preview.name, columnWidth, { size: 76, minSize: 62, bold: true })
  const name =
    oneLine.lines[0] === preview.name.replace(/\s+/g, ' ').trim()
      ? oneLine
      : fitText(preview.name, columnWidth, { size: 60, minSize: 44, bold: true, maxLines: 2 })
  const lineHeight = Math.round(name.size * 1.12)
  let y = 150 + name.size
  for (const line of name.lines) {
    parts.push(text(line, { x: left, y, size: name.size, bold: true, fill: C.ink }))
    y += lineHeight
  }
  const kind = [preview.rarity, preview.category].filter(
    (v, i, all): v is string => Boolean(v) && all.indexOf(v) === i,
  )
  if (kind.length > 0 || preview.retired) {
    const meta = ellipsize(kind.join(' · '), columnWidth - (preview.retired ? 200 : 0), { size: 30 })
    parts.push(text(meta, { x: left, y: y - lineHeight + 48, size: 30, fill: C.muted }))
    if (preview.retired) {
      const after = meta ? Math.round(textWidth(`${meta}  `, { size: 30 })) : 0
      parts.push(
        text('Retired', { x: left + after, y: y - lineHeight + 48, size: 30, bold: true, fill: C.warn }),
      )
    }
  }

  // The value, large, above the demand and trend.
  // Without demand and trend (games that have none), the value takes their place at the bottom.
  const hasChips = preview.demand !== null || preview.trend !== null
  const valueTop = hasChips ? 390 : 440
  parts.push(text('VALUE', { x: left, y: valueTop, size: 24, bold: true, fill: C.muted, spacing: 3 }))
  const noValue = preview.value === 'no value yet'
  const value = fitText(preview.value, columnWidth, { size: noValue ? 64 : 104, minSize: 40, bold: true })
  parts.push(
    text(value.lines[0]!, {
      x: left,
      y: valueTop + 12 + value.size * 0.86,
      size: value.size,
      bold: true,
      fill: noValue ? C.muted : C.accent,
    }),
  )

  let chipX = left
  const chipY = 526
  if (preview.demand !== null) {
    const demand = chip('Demand', `${preview.demand}/10`, chipX, chipY)
    parts.push(demand.svg)
    chipX += demand.width + 16
  }
  if (preview.trend) {
    parts.push(chip('Trend', preview.trend, chipX, chipY, trendColor(preview.trend)).svg)
  }

  // The item's picture on a tile, or its initials tile.
  if (hasPicture) {
    parts.push(
      `<rect x="${box.x}" y="${box.y}" width="${box.size}" height="${box.size}" rx="40" fill="${C.surface2}" stroke="${C.line}" stroke-width="2"/>`,
    )
  } else {
    parts.push(tile(preview.name, preview.rarity, box.x, box.y, box.size))
  }
  return svgDocument(parts.join('\n'))
}

const PANEL = { y: 232, width: 522, height: 358, pad: 28, rowsTop: 100 }
/** Rows of a side: roomy while three fit, compact for four (PREVIEW_TRADE_ROWS). */
const ROOMY = { height: 80, tile: 58, name: 32, worth: 28, variant: 22 }
const COMPACT = { height: 62, tile: 46, name: 28, worth: 26, variant: 21 }

/** Where an item's picture goes: over its row's tile. */
export interface PicturePlace {
  image: string
  x: number
  y: number
  size: number
}

/** One side of a trade: its title and total, then its items (a picture or tile, name, quantity, worth). */
function sidePanel(
  title: string,
  side: TradePreviewSide,
  x: number,
  hasPicture: (image: string | null) => boolean,
): { svg: string; pictures: PicturePlace[] } {
  const { y, width, height, pad } = PANEL
  const parts = [
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="24" fill="${C.surface}" stroke="${C.line}" stroke-width="2"/>`,
    text(title, { x: x + pad, y: y + 54, size: 30, bold: true, fill: C.muted }),
    text(side.total, { x: x + width - pad, y: y + 56, size: 42, bold: true, fill: C.ink, anchor: 'end' }),
    `<line x1="${x + pad}" y1="${y + 80}" x2="${x + width - pad}" y2="${y + 80}" stroke="${C.line}" stroke-width="2"/>`,
  ]
  const pictures: PicturePlace[] = []
  const r = side.rows.length + (side.more > 0 ? 1 : 0) <= 3 ? ROOMY : COMPACT
  const rowTop = (i: number) => y + PANEL.rowsTop + i * r.height + (r.height - r.tile) / 2
  const middle = (top: number, size: number) => Math.round(top + r.tile / 2 + size * 0.36)
  if (side.rows.length === 0) {
    parts.push(text('nothing', { x: x + pad, y: middle(rowTop(0), 30), size: 30, fill: C.muted }))
  }
  side.rows.forEach((row, i) => {
    const top = rowTop(i)
    const tileX = x + pad
    if (row.image && hasPicture(row.image)) {
      parts.push(
        `<rect x="${tileX}" y="${top}" width="${r.tile}" height="${r.tile}" rx="10" fill="${C.surface2}"/>`,
      )
      pictures.push({ image: row.image, x: tileX + 3, y: top + 3, size: r.tile - 6 })
    } else {
      parts.push(tile(row.name, row.rarity, tileX, top, r.tile))
    }
    const worth = row.value ?? 'no value'
    const worthFont = { size: r.worth }
    const textX = tileX + r.tile + 18
    const room = x + width - pad - textX - textWidth(worth, worthFont) - 20
    const nameFont = { size: r.name, bold: true }
    const quantity = row.quantity > 1 ? `×${row.quantity}` : ''
    const quantityWidth = quantity ? textWidth(` ${quantity}`, nameFont) : 0
    const name = ellipsize(row.name, room - quantityWidth, nameFont)
    // With a variant, the name sits above it; without, in the row's middle.
    const baseline = row.variant ? top + Math.round(r.tile * 0.44) : middle(top, r.name)
    parts.push(text(name, { x: textX, y: baseline, ...nameFont, fill: C.ink }))
    if (quantity) {
      const after = Math.round(textX + textWidth(`${name} `, nameFont))
      parts.push(text(quantity, { x: after, y: baseline, ...nameFont, fill: C.accent }))
    }
    if (row.variant) {
      const variantFont = { size: r.variant }
      parts.push(
        text(ellipsize(row.variant, room, variantFont), {
          x: textX,
          y: top + r.tile - 4,
          ...variantFont,
          fill: C.muted,
        }),
      )
    }
    parts.push(
      text(worth, {
        x: x + width - pad,
        y: middle(top, r.worth),
        ...worthFont,
        fill: row.value ? C.muted : C.warn,
        anchor: 'end',
      }),
    )
  })
  if (side.more > 0) {
    const top = rowTop(side.rows.length)
    parts.push(
      text(`+${side.more} more`, {
        x: x + pad,
        y: middle(top, r.name),
        size: r.name,
        bold: true,
        fill: C.muted,
      }),
    )
  }
  return { svg: parts.join(''), pictures }
}

/** A shared trade's preview as SVG, and where its items' pictures go. */
export function tradePreviewSvg(
  preview: TradePreview,
  hasPicture: (image: string | null) => boolean,
): { svg: string; pictures: PicturePlace[] } {
  const left = 72
  const parts: string[] = [brand(left, 46), pillRight(preview.game, W - 72, 46, { size: 28, bold: true })]

  // The verdict, as the calculator shows it: a badge, then the difference for the user.
  const verdict = isOwnKey(VERDICT, preview.status) ? VERDICT[preview.status] : null
  const badgeLabel =
    verdict?.label ?? (preview.status === 'unvalued' ? 'No value yet' : 'Add items to both sides')
  const badgeFont = verdict ? { size: 52, bold: true } : { size: 34, bold: true }
  const badgeWidth = Math.round(textWidth(badgeLabel, badgeFont) + 64)
  const badgeColor = verdict?.color ?? C.muted
  const badgeY = 126
  const badgeHeight = 84
  parts.push(
    `<rect x="${left}" y="${badgeY}" width="${badgeWidth}" height="${badgeHeight}" rx="18" fill="${badgeColor}" fill-opacity="0.12" stroke="${badgeColor}" stroke-opacity="0.7" stroke-width="3"/>`,
    text(badgeLabel, {
      x: left + badgeWidth / 2,
      y: Math.round(badgeY + badgeHeight / 2 + badgeFont.size * 0.36),
      ...badgeFont,
      fill: badgeColor,
      anchor: 'middle',
    }),
  )
  const infoX = left + badgeWidth + 28
  const rule = `Fair band ±${preview.band}%`
  if (preview.difference && preview.percent) {
    const head = `${preview.difference} for you`
    parts.push(text(head, { x: infoX, y: badgeY + 38, size: 36, bold: true, fill: C.ink }))
    parts.push(
      text(`(${preview.percent} of the larger side)`, {
        x: Math.round(infoX + textWidth(`${head} `, { size: 36, bold: true })),
        y: badgeY + 38,
        size: 28,
        fill: C.muted,
      }),
    )
  }
  const secondY = preview.difference ? badgeY + 76 : badgeY + 54
  const ruleFont = { size: preview.beliRefused ? 24 : 26 }
  parts.push(text(rule, { x: infoX, y: secondY, ...ruleFont, fill: C.muted }))
  if (preview.beliRefused) {
    const after = Math.round(infoX + textWidth(`${rule} `, ruleFont))
    const warning = ellipsize('· Blox Fruits will refuse it (Beli limit)', W - 72 - after, ruleFont)
    parts.push(text(warning, { x: after, y: secondY, ...ruleFont, fill: C.warn }))
  }

  const give = sidePanel('You give', preview.give, left - 12, hasPicture)
  const get = sidePanel('You get', preview.get, W - left + 12 - PANEL.width, hasPicture)
  parts.push(give.svg, get.svg)
  return { svg: svgDocument(parts.join('\n')), pictures: [...give.pictures, ...get.pictures] }
}

/** Decoded and sized for its place, or null when the bytes are no picture sharp can read. */
async function fitted(bytes: Buffer, size: number): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE })
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer()
  } catch {
    return null
  }
}

/** A picture decoded and sized for its place. */
interface Layer {
  input: Buffer
  left: number
  top: number
}

function toPng(svg: string, layers: Layer[]): Promise<Buffer> {
  return sharp(Buffer.from(svg))
    .composite(layers)
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer()
}

/**
 * The PNG of an item's preview; `picture` is its image (the 256 px WebP), when it has one. Drawn in the
 * process's image slot, like every other picture (lib/images.ts): never more than one at once.
 */
export function drawItemPreview(preview: ItemPreview, picture: Buffer | null): Promise<Buffer> {
  return withImageSlot(async () => {
    const input = picture && (await fitted(picture, ITEM_PICTURE.size))
    const layers = input ? [{ input, left: ITEM_PICTURE.x, top: ITEM_PICTURE.y }] : []
    return toPng(itemPreviewSvg(preview, input !== null), layers)
  })
}

/**
 * The PNG of a shared trade's preview; `pictures` are the items' images by address (a tile without).
 * One picture after another, in the process's image slot: a trade of many items never fills the pool.
 */
export function drawTradePreview(
  preview: TradePreview,
  pictures: ReadonlyMap<string, Buffer>,
): Promise<Buffer> {
  return withImageSlot(async () => {
    const decoded = new Map<string, Buffer>()
    for (const [image, bytes] of pictures) {
      const input = await fitted(bytes, ROOMY.tile)
      if (input) decoded.set(image, input)
    }
    const { svg, pictures: places } = tradePreviewSvg(
      preview,
      (image) => image !== null && decoded.has(image),
    )
    const layers: Layer[] = []
    for (const { image, x, y, size } of places) {
      layers.push({
        input: await sharp(decoded.get(image)!).resize(size, size).png().toBuffer(),
        left: x,
        top: y,
      })
    }
    return toPng(svg, layers)
  })
}
