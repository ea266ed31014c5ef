import { and, desc, eq, inArray, isNotNull, isNull, like, ne, notExists, or, sql } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import {
  type CreateGuideRequest,
  GUIDE_MESSAGES,
  type Guide,
  type GuideListResponse,
  type GuideSummary,
  type StaffGuide,
  type UpdateGuideRequest,
} from '@/features/guides/contract'
import { guideRevisions, guides } from '@/features/guides/tables'
import type { Actor } from '@/platform/server/auth/session'
import type { Db } from '@/platform/server/db/client'
import { recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit, type Limit } from '@/platform/server/lib/rate-limit'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import { refusedImages, renderGuide, sanitizeGuideHtml } from './render'
import { STARTING_GUIDES } from './starting-guides'

export const DEFAULT_GUIDE_LIMITS = {
  /** Saves (create, update) per writer. */
  writesPerUser: { max: 60, windowSeconds: 3600 },
  /** Previews per writer (each renders up to 50,000 characters). */
  previewsPerUser: { max: 600, windowSeconds: 3600 },
} satisfies Record<string, Limit>

export interface GuidesContext {
  db: Db
  cache: ReadCache
  limits: typeof DEFAULT_GUIDE_LIMITS
}

/** Cache key prefix of the public reads; every save drops it. */
export const GUIDES_CACHE = 'guides:'
const NOT_FOUND = 'No guide with this address'
const TOO_MANY = 'Too many saves: wait a little and try again.'

type Row = typeof guides.$inferSelect

const summaryOf = (r: Row): GuideSummary => ({
  slug: r.slug,
  title: r.title,
  game: r.game,
  summary: r.summary,
  status: r.status,
  updatedAt: r.updatedAt.toISOString(),
  publishedAt: r.publishedAt?.toISOString() ?? null,
})

/** Its stored HTML is sanitized again when read: one saved under an older, wider allow-list obeys today's. */
const guideOf = (r: Row): Guide => ({
  ...summaryOf(r),
  html: sanitizeGuideHtml(r.html),
  headings: r.headings,
})

/** A body with an image that is not one of the site's uploaded pictures is refused, naming the first. */
function assertGuideImages(body: string) {
  const [refused] = refusedImages(body)
  if (refused === undefined) return
  const message = GUIDE_MESSAGES.imageNotAllowed(refused)
  throw new AppError('VALIDATION_FAILED', message, { fields: { body: message } })
}

/** The published guides, newest first (public). */
export async function listPublishedGuides(db: Db): Promise<GuideListResponse> {
  const rows = await db
    .select()
    .from(guides)
    .where(eq(guides.status, 'published'))
    .orderBy(desc(guides.updatedAt), desc(guides.id))
  return { guides: rows.map(summaryOf) }
}

/** A published guide (public): a draft or an unknown address is a 404. */
export async function getPublishedGuide(db: Db, slug: string): Promise<Guide> {
  const [row] = await db
    .select()
    .from(guides)
    .where(and(eq(guides.slug, slug), eq(guides.status, 'published')))
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND)
  return guideOf(row)
}

/** Every guide, drafts too, last changed first (staff). */
export async function listAllGuides(db: Db): Promise<GuideListResponse> {
  const rows = await db.select().from(guides).orderBy(desc(guides.updatedAt), desc(guides.id))
  return { guides: rows.map(summaryOf) }
}

/** A guide with its Markdown and revisions, newest first (staff). */
export async function getStaffGuide(db: Db, slug: string): Promise<StaffGuide> {
  const [row] = await db.select().from(guides).where(eq(guides.slug, slug))
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND)
  const revisions = await db
    .select({
      id: guideRevisions.id,
      title: guideRevisions.title,
      byId: guideRevisions.byId,
      by: profiles.username,
      at: guideRevisions.at,
    })
    .from(guideRevisions)
    .leftJoin(profiles, eq(profiles.userId, guideRevisions.byId))
    .where(eq(guideRevisions.guideId, row.id))
    .orderBy(desc(guideRevisions.at), desc(guideRevisions.id))
  return {
    ...guideOf(row),
    body: row.body,
    revisions: revisions.map(({ byId, ...r }) => ({ ...r, bySite: byId === null, at: r.at.toISOString() })),
  }
}

/** The address of a title: "Trading safely in Blox Fruits!" → "trading-safely-in-blox-fruits". */
export function slugOf(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '')
  return slug || 'guide'
}

/** Addresses of the editor's own pages (/admin/guides/new), never a guide's. */
const RESERVED_SLUGS = new Set(['new'])

/** The first free slug of a title: `slug`, then `slug-2`, `slug-3`… */
async function freeSlug(db: Db, title: string): Promise<string> {
  const base = slugOf(title)
  const taken = new Set(
    (
      await db
        .select({ slug: guides.slug })
        .from(guides)
        .where(or(eq(guides.slug, base), like(guides.slug, `${base}-%`)))
    ).map((r) => r.slug),
  )
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base
  let n = 2
  while (taken.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}

/** Writes a guide: a unique slug from its title (two writers at once: the second retries the next one). */
export async function createGuide(ctx: GuidesContext, actor: Actor, input: CreateGuideRequest) {
  assertGuideImages(input.body)
  await hitRateLimit(ctx.db, `guides:write:${actor.id}`, ctx.limits.writesPerUser, TOO_MANY)
  const rendered = renderGuide(input.body)
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(ctx.db, input.title)
    try {
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(guides)
          .values({
            slug,
            title: input.title,
            game: input.game ?? null,
            body: input.body,
            ...rendered,
            status: input.status,
            authorId: actor.id,
            publishedAt: input.status === 'published' ? sql`now()` : null,
          })
          .returning({ id: guides.id })
        await tx
          .insert(guideRevisions)
          .values({ guideId: row!.id, title: input.title, body: input.body, byId: actor.id })
        await recordAudit(tx, {
          action: 'guide.create',
          actor,
          detail: { slug, title: input.title, status: input.status },
          ip: actor.ip,
        })
        await ctx.cache.invalidate(GUIDES_CACHE, tx)
      })
      return { slug }
    } catch (err) {
      if (attempt < 5 && isUniqueViolation(err)) continue
      throw err
    }
  }
}

/** Changes a guide (its slug stays); each save keeps a revision. Publishing stamps the first publication. */
export async function updateGuide(ctx: GuidesContext, actor: Actor, slug: string, input: UpdateGuideRequest) {
  if (input.body !== undefined) assertGuideImages(input.body)
  await hitRateLimit(ctx.db, `guides:write:${actor.id}`, ctx.limits.writesPerUser, TOO_MANY)
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(guides).where(eq(guides.slug, slug)).for('update')
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND)
    const title = input.title ?? row.title
    const body = input.body ?? row.body
    const status = input.status ?? row.status
    await tx
      .update(guides)
      .set({
        title,
        body,
        ...(input.body !== undefined ? renderGuide(body) : {}),
        ...(input.game !== undefined ? { game: input.game } : {}),
        status,
        updatedAt: sql`now()`,
        publishedAt: status === 'published' ? (row.publishedAt ?? sql`now()`) : row.publishedAt,
      })
      .where(eq(guides.id, row.id))
    await tx.insert(guideRevisions).values({ guideId: row.id, title, body, byId: actor.id })
    await recordAudit(tx, {
      action: 'guide.update',
      actor,
      detail: {
        slug,
        fields: Object.keys(input).filter((k) => input[k as keyof UpdateGuideRequest] !== undefined),
        status,
      },
      ip: actor.ip,
    })
    await ctx.cache.invalidate(GUIDES_CACHE, tx)
  })
}

/** The body as its page would show it (the editor's preview). */
export async function previewGuide(ctx: GuidesContext, actor: Actor, body: string) {
  assertGuideImages(body)
  await hitRateLimit(ctx.db, `guides:preview:${actor.id}`, ctx.limits.previewsPerUser, TOO_MANY)
  return { html: renderGuide(body).html }
}

/**
 * The site's starting guides, written into a database that lacks them, keyed by slug, so a second
 * instance or a second start adds nothing. A starting guide no staff member has saved is brought up to
 * the site's current text (with a revision by the site); one staff have changed stays as they left it.
 * One query first: a guide whose title and text are already the site's is skipped without rendering or
 * a transaction, so a start with every guide as written reads once and writes nothing.
 * Answers how many guides were added or brought up to date.
 */
export async function seedStartingGuides(db: Db): Promise<number> {
  const stored = new Map(
    (
      await db
        .select({ slug: guides.slug, title: guides.title, body: guides.body })
        .from(guides)
        .where(
          inArray(
            guides.slug,
            STARTING_GUIDES.map((guide) => guide.slug),
          ),
        )
    ).map((row) => [row.slug, row]),
  )
  let written = 0
  for (const guide of STARTING_GUIDES) {
    const row = stored.get(guide.slug)
    if (row && row.title === guide.title && row.body === guide.body) continue
    await db.transaction(async (tx) => {
      const { slug, title, game, body } = guide
      let id: number | undefined
      if (!row) {
        const [added] = await tx
          .insert(guides)
          .values({
            slug,
            title,
            game,
            body,
            ...renderGuide(body),
            status: 'published',
            publishedAt: sql`now()`,
          })
          .onConflictDoNothing({ target: guides.slug })
          .returning({ id: guides.id })
        id = added?.id
      }
      // There already (or added meanwhile by another instance): brought up to date unless staff saved it.
      if (!id) {
        const [stale] = await tx
          .select({ id: guides.id })
          .from(guides)
          .where(
            and(
              eq(guides.slug, slug),
              isNull(guides.authorId),
              or(ne(guides.body, body), ne(guides.title, title)),
              notExists(
                tx
                  .select({ id: guideRevisions.id })
                  .from(guideRevisions)
                  .where(and(eq(guideRevisions.guideId, guides.id), isNotNull(guideRevisions.byId))),
              ),
            ),
          )
          .for('update')
        if (!stale) return
        id = stale.id
        await tx
          .update(guides)
          .set({ title, body, ...renderGuide(body), updatedAt: sql`now()` })
          .where(eq(guides.id, id))
      }
      written++
      await tx.insert(guideRevisions).values({ guideId: id, title, body })
    })
  }
  return written
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true
  }
  return false
}
