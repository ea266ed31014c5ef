import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  GUIDE_BODY_MAX,
  GUIDE_MESSAGES,
  GUIDE_TITLE_MAX,
  guideListResponseSchema,
  guideSchema,
  previewGuideResponseSchema,
  staffGuideSchema,
} from '@/features/guides/contract'
import { guideRevisions, guides } from '@/features/guides/tables'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { errorOf, meOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { heardWithTheCommit } from '@/test/cache-invalidation'
import { GUIDES_CACHE, seedStartingGuides } from './service'
import { STARTING_GUIDES } from './starting-guides'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
type User = { id: string; email: string; cookie: string }

/** The user with a username (revisions show who saved them by username). */
async function named(user: User, username: string) {
  const res = await send(t, '/api/profile/username', { body: { username }, cookie: user.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return user
}

let t: TestApp
let admin: User
let editor: User
let trader: User
let n = 0

beforeAll(async () => {
  t = await createTestApp({
    catalog: false,
    limits: { guides: { writesPerUser: { max: 1000, windowSeconds: 3600 } } },
  })
  admin = await named(await signedInUser(t, freshEmail('admin'), ['admin']), 'gd_admin')
  trader = await signedInUser(t, freshEmail('trader'))
  editor = await named(await signedInUser(t, freshEmail('editor')), 'gd_editor')
  const grant = await send(t, '/api/admin/roles', {
    body: { email: editor.email, role: 'guide-editor' },
    cookie: admin.cookie,
  })
  expect(grant.status, await grant.clone().text()).toBe(201)
})
afterAll(() => t.close())

const title = (what = 'Guide') => `${what} ${process.pid} ${++n}`
const guide = (overrides: Record<string, unknown> = {}) => ({
  title: title(),
  game: 'blox-fruits',
  body: '# Start here\n\nThe first paragraph.\n\n## Then\n\n[Values](/values-and-wfl)',
  status: 'published',
  ...overrides,
})

async function create(who: User, body: unknown) {
  const res = await send(t, '/api/admin/guides', { body, cookie: who.cookie })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { slug: string }).slug
}

const patch = (who: User | null, slug: string, body: unknown) =>
  send(t, `/api/admin/guides/${slug}`, { method: 'PATCH', body, cookie: who?.cookie })

const publicGuides = async () =>
  guideListResponseSchema.parse(await (await send(t, '/api/guides')).json()).guides

describe('guide-editor role', () => {
  it('is granted like the other roles, shows in /api/me and cannot be granted twice', async () => {
    expect((await meOf(t, editor.cookie)).isGuideEditor).toBe(true)
    expect((await meOf(t, admin.cookie)).isGuideEditor).toBe(true)
    expect((await meOf(t, trader.cookie)).isGuideEditor).toBe(false)
    const again = await send(t, '/api/admin/roles', {
      body: { email: editor.email, role: 'guide-editor' },
      cookie: admin.cookie,
    })
    expect(await errorOf(again)).toMatchObject({
      status: 409,
      message: `User ${editor.email} is already a guide editor`,
    })
    // Only admins grant it.
    const byEditor = await send(t, '/api/admin/roles', {
      body: { email: trader.email, role: 'guide-editor' },
      cookie: editor.cookie,
    })
    expect(byEditor.status).toBe(403)
  })
})

describe('POST /api/admin/guides', () => {
  it('writes a guide for a guide editor and for an admin, with a slug from the title, a revision and an audit entry', async () => {
    const name = title('Trading Safely in Blox Fruits!')
    const slug = await create(editor, guide({ title: name }))
    expect(slug).toBe(name.toLowerCase().replace(/!/g, '').replace(/ /g, '-'))
    const byAdmin = await create(admin, guide({ game: undefined }))
    expect(byAdmin).toMatch(/^guide-/)

    const [row] = await t.database.db.select().from(guides).where(eq(guides.slug, slug))
    expect(row).toMatchObject({ title: name, game: 'blox-fruits', status: 'published', authorId: editor.id })
    expect(row!.publishedAt).not.toBeNull()
    expect(row!.html).toContain('<h2 id="start-here">Start here</h2>')
    const revisions = await t.database.db
      .select()
      .from(guideRevisions)
      .where(eq(guideRevisions.guideId, row!.id))
    expect(revisions).toHaveLength(1)
    expect(revisions[0]).toMatchObject({ title: name, byId: editor.id })
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'guide.create'), eq(auditLog.actorId, editor.id)))
    expect(audit.map((a) => a.detail.slug)).toContain(slug)
  })

  it('makes the slug unique with -2, -3…', async () => {
    const name = title('Same title')
    const first = await create(editor, guide({ title: name }))
    expect(await create(editor, guide({ title: name }))).toBe(`${first}-2`)
    expect(await create(admin, guide({ title: `${name}?` }))).toBe(`${first}-3`)
  })

  it('refuses visitors (401) and traders (403)', async () => {
    expect((await send(t, '/api/admin/guides', { body: guide() })).status).toBe(401)
    expect((await send(t, '/api/admin/guides', { body: guide(), cookie: trader.cookie })).status).toBe(403)
    expect((await send(t, '/api/admin/guides', { cookie: trader.cookie })).status).toBe(403)
  })

  it('refuses moderators and middlemen (403) on every staff endpoint', async () => {
    const slug = await create(editor, guide())
    for (const role of ['moderator', 'middleman']) {
      const who = await signedInUser(t, freshEmail(role), [role])
      expect((await send(t, '/api/admin/guides', { body: guide(), cookie: who.cookie })).status).toBe(403)
      expect((await patch(who, slug, { title: 'x' })).status).toBe(403)
      expect((await send(t, '/api/admin/guides', { cookie: who.cookie })).status).toBe(403)
      expect(
        (await send(t, '/api/admin/guides/preview', { body: { body: 'x' }, cookie: who.cookie })).status,
      ).toBe(403)
    }
  })

  it('refuses bad input with 400 and writes nothing', async () => {
    const bad = [
      guide({ title: '' }),
      guide({ title: '   ' }),
      guide({ title: 'x'.repeat(121) }),
      guide({ title: 'tab\there' }),
      guide({ title: 42 }),
      guide({ body: '' }),
      guide({ body: 'x'.repeat(50_001) }),
      guide({ body: 'nul \u0000 inside' }),
      guide({ status: 'live' }),
      guide({ status: undefined }),
      guide({ game: 'minecraft' }),
      guide({ slug: 'chosen' }),
      { title: 'Only a title' },
      'not json',
      [],
    ]
    const before = (await t.database.db.select({ id: guides.id }).from(guides)).length
    for (const body of bad) {
      const res = await send(t, '/api/admin/guides', { body, cookie: editor.cookie })
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBe(400)
    }
    expect((await t.database.db.select({ id: guides.id }).from(guides)).length).toBe(before)
  })

  it('accepts a title of 120 characters and a body of 50,000', async () => {
    const slug = await create(
      editor,
      guide({ title: `${title()} ${'x'.repeat(100)}`.slice(0, 120), body: 'y'.repeat(50_000) }),
    )
    expect(slug.length).toBeLessThanOrEqual(100)
  })
})

describe('PATCH /api/admin/guides/:slug', () => {
  it('changes any field, keeps the slug and a revision per save, and audits', async () => {
    const slug = await create(editor, guide({ status: 'draft' }))
    const res = await patch(admin, slug, { title: 'A new title entirely', status: 'published' })
    expect(res.status, await res.clone().text()).toBe(200)
    const changed = staffGuideSchema.parse(await res.json())
    expect(changed).toMatchObject({ slug, title: 'A new title entirely', status: 'published' })
    expect(changed.publishedAt).not.toBeNull()

    const body = await patch(editor, slug, { body: '## Fresh heading\n\nFresh words.', game: null })
    const after = staffGuideSchema.parse(await body.json())
    expect(after).toMatchObject({
      game: null,
      summary: 'Fresh words.',
      body: '## Fresh heading\n\nFresh words.',
    })
    expect(after.headings).toEqual([{ id: 'fresh-heading', text: 'Fresh heading', level: 2 }])
    expect(after.revisions.map((r) => r.by)).toEqual(['gd_editor', 'gd_admin', 'gd_editor'])
    expect(after.revisions.some((r) => r.bySite)).toBe(false)
    expect(after.revisions[1]!.title).toBe('A new title entirely')
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'guide.update'))
    expect(audit.filter((a) => a.detail.slug === slug)).toHaveLength(2)
  })

  it('answers 404 for an unknown guide, 401 for visitors, 403 for traders, 400 for bad input', async () => {
    const slug = await create(editor, guide())
    expect((await patch(editor, 'no-such-guide', { title: 'x' })).status).toBe(404)
    expect((await patch(editor, 'Bad Slug!', { title: 'x' })).status).toBe(404)
    expect((await patch(null, slug, { title: 'x' })).status).toBe(401)
    expect((await patch(trader, slug, { title: 'x' })).status).toBe(403)
    for (const body of [
      {},
      { title: '' },
      { title: 'x'.repeat(121) },
      { body: 'x'.repeat(50_001) },
      { status: 'archived' },
      { game: 'nope' },
      { slug: 'other' },
    ]) {
      expect((await patch(editor, slug, body)).status, JSON.stringify(body).slice(0, 60)).toBe(400)
    }
  })
})

describe('GET /api/admin/guides and /api/admin/guides/:slug', () => {
  it('lists drafts and published guides for staff only', async () => {
    const draft = await create(editor, guide({ status: 'draft' }))
    for (const who of [editor, admin]) {
      const res = await send(t, '/api/admin/guides', { cookie: who.cookie })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toContain('no-store')
      const list = guideListResponseSchema.parse(await res.json()).guides
      expect(list.find((g) => g.slug === draft)?.status).toBe('draft')
      const one = await send(t, `/api/admin/guides/${draft}`, { cookie: who.cookie })
      expect(staffGuideSchema.parse(await one.json()).revisions).toHaveLength(1)
    }
    expect((await send(t, '/api/admin/guides')).status).toBe(401)
    expect((await send(t, '/api/admin/guides', { cookie: trader.cookie })).status).toBe(403)
    expect((await send(t, `/api/admin/guides/${draft}`, { cookie: trader.cookie })).status).toBe(403)
    expect((await send(t, '/api/admin/guides/nothing-here', { cookie: editor.cookie })).status).toBe(404)
  })
})

describe('POST /api/admin/guides/preview', () => {
  it('returns the sanitized HTML for staff only', async () => {
    const body = { body: '## Hello\n\n<script>alert(1)</script> [x](javascript:alert(1))' }
    const res = await send(t, '/api/admin/guides/preview', { body, cookie: editor.cookie })
    expect(res.status).toBe(200)
    const { html } = previewGuideResponseSchema.parse(await res.json())
    expect(html).toContain('<h2 id="hello">Hello</h2>')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('href="javascript')
    expect((await send(t, '/api/admin/guides/preview', { body })).status).toBe(401)
    expect((await send(t, '/api/admin/guides/preview', { body, cookie: trader.cookie })).status).toBe(403)
    for (const bad of [{}, { body: '' }, { body: 'x'.repeat(50_001) }, { body: 'x', extra: 1 }]) {
      expect((await send(t, '/api/admin/guides/preview', { body: bad, cookie: admin.cookie })).status).toBe(
        400,
      )
    }
  })
})

describe('GET /api/guides and /api/guides/:slug (public)', () => {
  it('shows published guides to everyone, drafts to nobody, and drops the cache on every save', async () => {
    const published = await create(editor, guide())
    const draft = await create(editor, guide({ status: 'draft' }))
    for (const cookie of [undefined, trader.cookie, editor.cookie, admin.cookie]) {
      const list = guideListResponseSchema.parse(
        await (await send(t, '/api/guides', { cookie })).json(),
      ).guides
      expect(list.some((g) => g.slug === published)).toBe(true)
      expect(list.some((g) => g.slug === draft)).toBe(false)
      const one = await send(t, `/api/guides/${published}`, { cookie })
      expect(one.status).toBe(200)
      expect(one.headers.get('etag')).toBeTruthy()
      expect(guideSchema.parse(await one.json()).html).toContain(
        '<a href="/values-and-wfl" rel="nofollow noopener">',
      )
      expect((await send(t, `/api/guides/${draft}`, { cookie })).status).toBe(404)
    }
    expect((await send(t, '/api/guides/no-such-guide')).status).toBe(404)
    expect((await send(t, '/api/guides/NOT%20A%20SLUG')).status).toBe(404)

    // Publishing the draft shows it at once; moving it back to draft hides it again.
    expect((await patch(editor, draft, { status: 'published' })).status).toBe(200)
    expect((await publicGuides()).some((g) => g.slug === draft)).toBe(true)
    expect((await send(t, `/api/guides/${draft}`)).status).toBe(200)
    expect((await patch(editor, published, { status: 'draft' })).status).toBe(200)
    expect((await publicGuides()).some((g) => g.slug === published)).toBe(false)
    expect((await send(t, `/api/guides/${published}`)).status).toBe(404)
  })

  it("tells the other instances of a new or changed guide with the write's commit", async () => {
    let slug = ''
    expect(
      await heardWithTheCommit(t, async () => {
        slug = await create(editor, guide())
      }),
    ).toEqual([GUIDES_CACHE])
    expect(
      await heardWithTheCommit(t, async () => {
        expect((await patch(editor, slug, { title: title('Renamed') })).status).toBe(200)
      }),
    ).toEqual([GUIDES_CACHE])
  })
})

describe('starting guides', () => {
  it('are written once: a second seed adds nothing and keeps what staff changed', async () => {
    expect(await seedStartingGuides(t.database.db)).toBe(STARTING_GUIDES.length)
    t.cache.invalidate('guides:')
    expect((await patch(editor, 'trading-safely', { title: 'Trading safely, revised' })).status).toBe(200)
    expect(await seedStartingGuides(t.database.db)).toBe(0)
    const list = await publicGuides()
    for (const g of STARTING_GUIDES) expect(list.some((x) => x.slug === g.slug)).toBe(true)
    expect(list.find((g) => g.slug === 'trading-safely')?.title).toBe('Trading safely, revised')
    const safely = guideSchema.parse(await (await send(t, '/api/guides/trading-safely')).json())
    expect(safely.headings.map((h) => h.text)).toContain('Give-first scams')
    const revisions = staffGuideSchema.parse(
      await (await send(t, '/api/admin/guides/trading-safely', { cookie: admin.cookie })).json(),
    ).revisions
    expect(revisions.map((r) => [r.by, r.bySite])).toEqual([
      ['gd_editor', false],
      [null, true],
    ])
  })

  it("brings a starting guide nobody on the staff saved up to the site's current text", async () => {
    await seedStartingGuides(t.database.db)
    const current = STARTING_GUIDES.find((g) => g.slug === 'reading-the-wfl-calculator')
    if (!current) throw new Error('no such starting guide')
    // As an earlier version of the site wrote it.
    await t.database.db
      .update(guides)
      .set({ body: '## Older words\n\nAn earlier text.', html: '<h2>Older words</h2>' })
      .where(eq(guides.slug, current.slug))
    expect(await seedStartingGuides(t.database.db)).toBe(1)
    t.cache.invalidate('guides:')
    const read = guideSchema.parse(await (await send(t, `/api/guides/${current.slug}`)).json())
    expect(read.headings.map((h) => h.text)).not.toContain('Older words')
    expect(read.html).not.toContain('An earlier text')
    const revisions = staffGuideSchema.parse(
      await (await send(t, `/api/admin/guides/${current.slug}`, { cookie: admin.cookie })).json(),
    ).revisions
    expect(revisions.map((r) => r.bySite)).toEqual([true, true])
    expect(await seedStartingGuides(t.database.db)).toBe(0)
  })
})

describe('rate limit', () => {
  it('answers 429 past the writes of an hour', async () => {
    const limited = await createTestApp({
      catalog: false,
      limits: { guides: { writesPerUser: { max: 2, windowSeconds: 3600 } } },
    })
    try {
      const who = await signedInUser(limited, freshEmail('limited'), ['guide-editor'])
      const post = () => send(limited, '/api/admin/guides', { body: guide(), cookie: who.cookie })
      expect((await post()).status).toBe(201)
      expect((await post()).status).toBe(201)
      const refused = await post()
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBeTruthy()
    } finally {
      await limited.close()
    }
  })
})

describe("guide images: only the site's uploaded pictures (a reader's browser fetches each with their cookies)", () => {
  const ITEM_IMAGE = '/uploads/items/blox-fruits/kitsune-0123456789ab-256.webp'
  const REFUSED = [
    '/r/attacker',
    '/api/auth/sign-out',
    '//evil.example/x.png',
    'https://evil.example/x.png',
    'data:image/png;base64,iVBORw0KGgo=',
  ]
  const withImage = (src: string) => `## Pictures\n\nSee this:\n\n![shot](${src})`

  it('refuses a save or a preview with any other image: 400 naming the image, nothing written', async () => {
    const slug = await create(editor, guide())
    const before = (await t.database.db.select({ id: guideRevisions.id }).from(guideRevisions)).length
    for (const src of REFUSED) {
      const answers = [
        await send(t, '/api/admin/guides', { body: guide({ body: withImage(src) }), cookie: editor.cookie }),
        await patch(admin, slug, { body: withImage(src) }),
        await send(t, '/api/admin/guides/preview', { body: { body: withImage(src) }, cookie: editor.cookie }),
      ]
      for (const res of answers) {
        const error = await errorOf(res)
        expect(error, src).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
        expect(error.message).toBe(GUIDE_MESSAGES.imageNotAllowed(src))
        expect(error.message).toContain(src)
        expect(error.fields?.body).toBe(error.message)
      }
    }
    expect((await t.database.db.select({ id: guideRevisions.id }).from(guideRevisions)).length).toBe(before)
    const stored = guideSchema.parse(await (await send(t, `/api/guides/${slug}`)).json())
    expect(stored.html).not.toContain('<img')
  })

  it('takes an item image the site serves, and shows it', async () => {
    const slug = await create(editor, guide({ body: withImage(ITEM_IMAGE) }))
    const shown = guideSchema.parse(await (await send(t, `/api/guides/${slug}`)).json())
    expect(shown.html).toContain(`<img src="${ITEM_IMAGE}" alt="shot" />`)
    const preview = await send(t, '/api/admin/guides/preview', {
      body: { body: withImage(ITEM_IMAGE) },
      cookie: editor.cookie,
    })
    expect(previewGuideResponseSchema.parse(await preview.json()).html).toContain(`src="${ITEM_IMAGE}"`)
  })

  it('never shows an image a guide stored before the rule (its HTML is sanitized again when read)', async () => {
    const slug = await create(editor, guide())
    await t.database.db
      .update(guides)
      .set({
        html: `<p>Old words.</p><p><img src="/r/attacker" alt="x" /><img src="${ITEM_IMAGE}" alt="y" /></p>`,
      })
      .where(eq(guides.slug, slug))
    t.cache.invalidate('guides:')
    for (const res of [
      await send(t, `/api/guides/${slug}`),
      await send(t, `/api/admin/guides/${slug}`, { cookie: editor.cookie }),
    ]) {
      const { html } = guideSchema.parse(await res.json())
      expect(html).toContain('Old words.')
      expect(html).not.toContain('/r/attacker')
      expect(html).toContain(`src="${ITEM_IMAGE}"`)
    }
  })
})

describe('guide length in characters, whatever the script (the body limit is in bytes)', () => {
  /** One character (the limits count code points) of 4 bytes in UTF-8, and 12 as JSON escapes (2 × \\uXXXX). */
  const EMOJI = '\u{1F600}'
  /** One character of 3 bytes in UTF-8. */
  const HAN = '\u4E2D'
  const longTitle = (char: string) => {
    const base = `${title()} `
    return base + char.repeat(GUIDE_TITLE_MAX - [...base].length)
  }

  it('takes a guide at the maximum in 4-byte and in 3-byte characters (create, change, preview)', async () => {
    const emoji = EMOJI.repeat(GUIDE_BODY_MAX)
    const han = HAN.repeat(GUIDE_BODY_MAX)
    expect(new TextEncoder().encode(JSON.stringify({ body: emoji })).byteLength).toBeGreaterThan(
      3 * 64 * 1024,
    )
    const slug = await create(editor, guide({ title: longTitle(EMOJI), body: emoji }))
    const changed = await patch(editor, slug, { title: longTitle(HAN), body: han })
    expect(changed.status, (await changed.clone().text()).slice(0, 200)).toBe(200)
    expect(staffGuideSchema.parse(await changed.json()).body).toBe(han)
    const preview = await send(t, '/api/admin/guides/preview', {
      body: { body: emoji },
      cookie: editor.cookie,
    })
    expect(preview.status).toBe(200)
  })

  it('takes a maximal guide sent with every character escaped (\\uXXXX, as some JSON encoders write it)', async () => {
    const json = JSON.stringify(
      guide({ title: longTitle(EMOJI), body: EMOJI.repeat(GUIDE_BODY_MAX) }),
    ).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    const res = await t.app.request('/api/admin/guides', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: editor.cookie },
      body: json,
    })
    expect(res.status, (await res.clone().text()).slice(0, 200)).toBe(201)
  })

  it('answers one character over with the validation message (400), not 413', async () => {
    const slug = await create(editor, guide())
    for (const body of [EMOJI.repeat(GUIDE_BODY_MAX + 1), HAN.repeat(GUIDE_BODY_MAX + 1)]) {
      for (const res of [
        await send(t, '/api/admin/guides', { body: guide({ body }), cookie: editor.cookie }),
        await patch(editor, slug, { body }),
        await send(t, '/api/admin/guides/preview', { body: { body }, cookie: editor.cookie }),
      ]) {
        expect(await errorOf(res)).toMatchObject({
          status: 400,
          message: `body: ${GUIDE_MESSAGES.bodyTooLong}`,
          fields: { body: GUIDE_MESSAGES.bodyTooLong },
        })
      }
    }
  })

  it('still refuses a body far past any guide with 413', async () => {
    const slug = await create(editor, guide())
    const body = EMOJI.repeat(GUIDE_BODY_MAX * 4)
    for (const res of [
      await send(t, '/api/admin/guides', { body: guide({ body }), cookie: editor.cookie }),
      await patch(editor, slug, { body }),
      await send(t, '/api/admin/guides/preview', { body: { body }, cookie: editor.cookie }),
    ]) {
      expect(res.status).toBe(413)
      expect((await errorOf(res)).message).toMatch(/guide/i)
    }
  })
})
