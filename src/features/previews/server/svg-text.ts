/**
 * Text in the preview SVGs: escaped for XML, and fitted to a width. An SVG cannot wrap or shorten text
 * itself, so widths are estimated from DejaVu Sans' advance widths (the widest of the fonts named), which
 * errs on the short side with Liberation Sans or Arial.
 */

/** The fonts named in every `font-family`: the ones installed on the server first. */
export const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"

/** Whether XML 1.0 can hold the character (not a control but tab and line breaks, lone surrogate, U+FFFE/F). */
function isXmlChar(ch: string): boolean {
  const code = ch.codePointAt(0)!
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d
  if (code >= 0xd800 && code <= 0xdfff) return false // a lone half: for…of pairs the whole ones
  return code !== 0xfffe && code !== 0xffff
}

/** Text for SVG element content and quoted attribute values; characters XML cannot hold are dropped. */
export function escapeXml(text: string): string {
  let out = ''
  for (const ch of text) {
    if (!isXmlChar(ch)) continue
    out +=
      ch === '&'
        ? '&amp;'
        : ch === '<'
          ? '&lt;'
          : ch === '>'
            ? '&gt;'
            : ch === '"'
              ? '&quot;'
              : ch === "'"
                ? '&apos;'
                : ch
  }
  return out
}

/** Advance widths of ASCII 32..126 in hundredths of an em (DejaVu Sans Bold, then Book). */
// biome-ignore format: a table
const BOLD = [35,46,52,84,70,100,87,31,46,46,52,84,38,42,38,37,70,70,70,70,70,70,70,70,70,70,40,40,84,84,84,58,100,77,76,73,83,68,68,82,84,37,37,77,64,100,84,85,73,85,77,72,68,81,77,110,77,72,73,46,37,46,84,50,50,67,72,59,72,68,44,72,71,34,34,67,34,104,71,69,72,72,49,60,48,71,65,92,65,65,58,71,37,71,84]
// biome-ignore format: a table
const BOOK = [32,40,46,84,64,95,78,27,39,39,50,84,32,36,32,34,64,64,64,64,64,64,64,64,64,64,34,34,84,84,84,53,100,68,69,70,77,63,58,77,75,29,29,66,56,86,75,79,60,79,69,63,61,73,68,99,69,61,69,39,34,39,84,50,50,61,63,55,63,62,35,63,63,28,28,58,28,97,63,61,63,63,41,52,39,63,59,82,59,59,52,64,34,64,84]

/** Wide scripts and pictographs (CJK, Hangul, emoji) take about a full em. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f000}-\u{1faff}\u{20000}-\u{3fffd}]/u

export interface Font {
  size: number
  bold?: boolean
}

/** The estimated width of `text` in pixels. */
export function textWidth(text: string, { size, bold = false }: Font): number {
  const table = bold ? BOLD : BOOK
  let hundredths = 0
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    if (code >= 32 && code < 127) hundredths += table[code - 32]!
    else if (WIDE.test(ch)) hundredths += 100
    else if (/\p{M}/u.test(ch)) hundredths += 0
    else hundredths += bold ? 76 : 68
  }
  return (hundredths / 100) * size
}

const ELLIPSIS = '…'

/** `text` shortened with an ellipsis (at a word's end when one is near) until it fits `maxWidth`. */
export function ellipsize(text: string, maxWidth: number, font: Font): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (textWidth(clean, font) <= maxWidth) return clean
  const chars = [...clean]
  let end = chars.length
  while (end > 0 && textWidth(`${chars.slice(0, end).join('').trimEnd()}${ELLIPSIS}`, font) > maxWidth) end--
  let cut = chars.slice(0, end).join('')
  const space = cut.lastIndexOf(' ')
  if (space > cut.length * 0.7) cut = cut.slice(0, space)
  return `${cut.trimEnd()}${ELLIPSIS}`
}

/**
 * `text` in at most `maxLines` lines of `maxWidth`, broken between words; the last line ends with an
 * ellipsis when the rest does not fit.
 */
export function wrapLines(text: string, maxWidth: number, font: Font, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ')
  const lines: string[] = []
  let line = ''
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    const candidate = line ? `${line} ${word}` : word
    if (!line || textWidth(candidate, font) <= maxWidth) {
      line = candidate
      continue
    }
    // The last line takes the rest, shortened.
    if (lines.length === maxLines - 1)
      return [...lines, ellipsize(`${line} ${words.slice(i).join(' ')}`, maxWidth, font)]
    lines.push(ellipsize(line, maxWidth, font))
    line = word
  }
  return [...lines, ellipsize(line, maxWidth, font)]
}

/**
 * The largest font size from `size` down to `minSize` (steps of 2) at which `text` fits `maxWidth` in
 * `maxLines` lines, and those lines; at `minSize` the last line is shortened.
 */
export function fitText(
  text: string,
  maxWidth: number,
  { size, minSize, bold, maxLines = 1 }: Font & { minSize: number; maxLines?: number },
): { size: number; lines: string[] } {
  const whole = text.replace(/\s+/g, ' ').trim()
  for (let s = size; s > minSize; s -= 2) {
    const lines = wrapLines(whole, maxWidth, { size: s, bold }, maxLines)
    if (lines.join(' ') === whole) return { size: s, lines }
  }
  return { size: minSize, lines: wrapLines(whole, maxWidth, { size: minSize, bold }, maxLines) }
}
