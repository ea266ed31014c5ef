import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'
import { GUIDE_IMAGE_PATTERN, type GuideHeading } from '@/features/guides/contract'

/**
 * A guide's Markdown to the HTML the site shows: markdown-it with raw HTML off (a tag is shown as
 * text), then sanitize-html with an allow-list, so nothing the writer types can run in a reader's
 * browser. Links: http(s) and site paths only, `rel="nofollow noopener"`; images: the site's uploaded
 * pictures only (`GUIDE_IMAGE_PATTERN`; a save with any other image is refused, see `refusedImages`).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false })

/** A path on the site: one slash, never two nor a backslash (browsers read `/\host` as `//host`). */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/
const SAFE_LINK = new RegExp(`^(?:https?://[^\\s]+|#[\\w-]*|${SITE_PATH.source.slice(1, -1)})$`, 'i')

// markdown-it's own link check refuses javascript:, vbscript:, file: and most data: URLs; ours is narrower.
markdown.validateLink = (url) => SAFE_LINK.test(url.trim())

const ALLOWED_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'ul', 'ol', 'li', 'a', 'strong', 'em', 's'],
  ...['code', 'pre', 'blockquote', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img'],
]

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt', 'title'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    th: ['style'],
    td: ['style'],
    ol: ['start'],
  },
  allowedStyles: {
    th: { 'text-align': [/^(?:left|right|center)$/] },
    td: { 'text-align': [/^(?:left|right|center)$/] },
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !GUIDE_IMAGE_PATTERN.test(frame.attribs.src ?? '')) ||
    (frame.tag === 'a' && !SAFE_LINK.test(frame.attribs.href ?? '')),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'nofollow noopener' },
    }),
  },
}

/** The id of a heading: its words in lowercase joined by dashes ("Give-first scams" → "give-first-scams"). */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .replace(/[\s-]+/g, '-')
      .slice(0, 80) || 'section'
  )
}

export interface RenderedGuide {
  html: string
  headings: GuideHeading[]
  /** The first paragraph as plain text, at most 200 characters. */
  summary: string
}

const SUMMARY_MAX = 200

/** Renders and sanitizes a guide's Markdown; headings h2–h4 get unique ids for the table of contents. */
export function renderGuide(body: string): RenderedGuide {
  const tokens = markdown.parse(body, {})
  const headings: GuideHeading[] = []
  const used = new Map<string, number>()
  let summary = ''
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    if (token.type === 'heading_open') {
      // An h1 in the body would compete with the page's title: it is shown as an h2.
      if (token.tag === 'h1') {
        token.tag = 'h2'
        tokens[i + 2]!.tag = 'h2' // heading_open, inline, heading_close
      }
      if (token.tag === 'h5' || token.tag === 'h6') continue
      const text = plainText(tokens[i + 1]?.children ?? [])
      const base = headingId(text)
      const n = (used.get(base) ?? 0) + 1
      used.set(base, n)
      const id = n === 1 ? base : `${base}-${n}`
      token.attrSet('id', id)
      headings.push({ id, text, level: Number(token.tag.slice(1)) })
    } else if (!summary && token.type === 'paragraph_open' && token.level === 0) {
      summary = plainText(tokens[i + 1]?.children ?? [])
    }
  }
  const html = sanitizeHtml(markdown.renderer.render(tokens, markdown.options, {}), SANITIZE)
  return { html, headings, summary: clip(summary, SUMMARY_MAX) }
}

/** Every link a writer may type, for finding their images: the renderer's own check drops some silently. */
const anyLink = new MarkdownIt({ html: false, linkify: false, typographer: false })
anyLink.validateLink = () => true

type Token = ReturnType<typeof markdown.parse>[number]

/**
 * The images of a guide's Markdown that are not the site's uploaded pictures, in order (their address as
 * written): a save with any is refused, so the writer learns which, rather than the image vanishing.
 */
export function refusedImages(body: string): string[] {
  const refused: string[] = []
  const visit = (tokens: Token[] | null) => {
    for (const token of tokens ?? []) {
      if (token.type === 'image') {
        const src = String(token.attrGet('src') ?? '')
        if (!GUIDE_IMAGE_PATTERN.test(src)) refused.push(anyLink.normalizeLinkText(src))
      }
      visit(token.children)
    }
  }
  visit(anyLink.parse(body, {}))
  return refused
}

/** Sanitizes HTML with the guides' allow-list (the renderer's last step, exported for its tests). */
export const sanitizeGuideHtml = (html: string) => sanitizeHtml(html, SANITIZE)

type InlineToken = ReturnType<typeof markdown.parseInline>[number]

function plainText(children: InlineToken[]): string {
  return children
    .map((c) =>
      c.type === 'text' || c.type === 'code_inline' ? c.content : c.type === 'softbreak' ? ' ' : '',
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`
}
