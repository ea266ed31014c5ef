import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { itemPreview, tradePreview } from '@/features/catalog/link-previews'
import { evaluateTrade } from '@/features/catalog/wfl'
import { itemPreviewSvg, tradePreviewSvg } from './cards'
import { ellipsize, escapeXml, fitText, textWidth, wrapLines } from './svg-text'

const item = {
  id: 'x',
  name: `A <b>&amp; "quoted" 'name'</b>`,
  category: 'fruit & more',
  rarity: 'Mythical',
  value: 3_910_000_000,
  variants: null,
  demand: 8,
  trend: 'Rising',
  inGamePrice: null,
  image: null,
  retired: false,
}

describe('preview text', () => {
  it('escapes markup and drops what XML cannot hold (controls, lone surrogates)', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;')
    expect(escapeXml('a\u0000b\u0007c\td\ud800e\udc00f😀\uffff')).toBe('abc\tdef😀')
  })

  it('shortens and wraps text to a width', () => {
    const font = { size: 40, bold: true }
    expect(ellipsize('Kitsune', 1000, font)).toBe('Kitsune')
    const short = ellipsize('Strawberry Shortcake Bat Dragon', 300, font)
    expect(short.endsWith('…')).toBe(true)
    expect(textWidth(short, font)).toBeLessThanOrEqual(300)
    const lines = wrapLines('Rod Of The Forgotten Fang', 400, font, 2)
    expect(lines).toEqual(['Rod Of The', 'Forgotten Fang'])
    expect(wrapLines('one two three four five six seven eight', 200, font, 2)).toHaveLength(2)
    const fitted = fitText('Galaxy Empyrean Kitsune', 640, { size: 76, minSize: 44, bold: true })
    expect(fitted.lines).toEqual(['Galaxy Empyrean Kitsune'])
    expect(fitted.size).toBeLessThan(76)
  })

  it('item and trade SVGs hold database text escaped and parse as SVG', async () => {
    const svg = itemPreviewSvg(itemPreview({ name: 'Blox & Co' }, item), false)
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('A &lt;b&gt;&amp;amp;')
    expect(svg).toContain('&quot;quoted&quot; &apos;name&apos;&lt;/b&gt;')
    expect(svg).toContain('Blox &amp; Co')
    const items = new Map([['x', item]])
    const trade = { give: [{ itemId: 'x', quantity: 2 }], get: [{ itemId: 'x', quantity: 3 }] }
    const result = evaluateTrade(trade, items, { band: 10 })
    const preview = tradePreview({ name: 'G', variantLabels: null }, trade, items, result, 10)
    expect(preview).toMatchObject({ status: 'win', difference: '+3.91B', percent: '+33.3%' })
    const { svg: tradeSvg } = tradePreviewSvg(preview, () => false)
    for (const doc of [svg, tradeSvg]) {
      const meta = await sharp(Buffer.from(doc)).metadata()
      expect([meta.width, meta.height]).toEqual([1200, 630])
    }
  })
})
