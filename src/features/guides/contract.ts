import { z } from 'zod'
import { GAME_IDS } from '@/shared/games'
import { text } from '@/shared/text'
import { GUIDE_BODY_MAX, GUIDE_MESSAGES, GUIDE_STATUSES, GUIDE_TITLE_MAX } from './rules'

export * from './rules'

/** The guides (/guides): written in Markdown by staff, rendered and sanitized on the server. */

const gameSchema = z.enum(GAME_IDS, `game must be one of ${GAME_IDS.join(', ')}`)
const titleSchema = text('Title', {
  min: 1,
  max: GUIDE_TITLE_MAX,
  noControlCharacters: true,
  messages: {
    tooShort: 'Give the guide a title',
    tooLong: `Keep the title to ${GUIDE_TITLE_MAX} characters`,
  },
})
const bodySchema = text('Body', {
  min: 1,
  max: GUIDE_BODY_MAX,
  messages: { tooShort: 'Write the guide', tooLong: GUIDE_MESSAGES.bodyTooLong },
})
const statusSchema = z.enum(GUIDE_STATUSES, 'status must be draft or published')

/** POST /api/admin/guides → 201 `{ slug }` */
export const createGuideRequestSchema = z.strictObject({
  title: titleSchema,
  game: gameSchema.nullish(),
  body: bodySchema,
  status: statusSchema,
})
export type CreateGuideRequest = z.input<typeof createGuideRequestSchema>

/** PATCH /api/admin/guides/:slug: any of the fields (the slug stays). */
export const updateGuideRequestSchema = createGuideRequestSchema
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Change at least one field')
export type UpdateGuideRequest = z.input<typeof updateGuideRequestSchema>

/** POST /api/admin/guides/preview: the body as the guide page would show it. */
export const previewGuideRequestSchema = z.strictObject({ body: bodySchema })
export const previewGuideResponseSchema = z.object({ html: z.string() })
export type PreviewGuideResponse = z.infer<typeof previewGuideResponseSchema>

/** A guide's address: any text finds it or answers 404 (only an absurdly long one is a 400). */
export const guideSlugParamsSchema = z.strictObject({ slug: z.string().min(1).max(200) })

export const guideSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  game: gameSchema.nullable(),
  /** The first paragraph as plain text. */
  summary: z.string(),
  status: statusSchema,
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
})
export type GuideSummary = z.infer<typeof guideSummarySchema>

export const guideHeadingSchema = z.object({ id: z.string(), text: z.string(), level: z.number() })
export type GuideHeading = z.infer<typeof guideHeadingSchema>

/** GET /api/guides/:slug: the sanitized HTML and its headings (the table of contents). */
export const guideSchema = guideSummarySchema.extend({
  html: z.string(),
  headings: z.array(guideHeadingSchema),
})
export type Guide = z.infer<typeof guideSchema>

/** GET /api/guides, GET /api/admin/guides */
export const guideListResponseSchema = z.object({ guides: z.array(guideSummarySchema) })
export type GuideListResponse = z.infer<typeof guideListResponseSchema>

export const guideRevisionSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Who saved it: their username, null when the account has none or is gone. */
  by: z.string().nullable(),
  /** Saved by no account: the site itself (the starting guides), or an account since removed. */
  bySite: z.boolean(),
  at: z.string(),
})

/** GET /api/admin/guides/:slug: the guide with its Markdown and its revisions, newest first. */
export const staffGuideSchema = guideSchema.extend({
  body: z.string(),
  revisions: z.array(guideRevisionSchema),
})
export type StaffGuide = z.infer<typeof staffGuideSchema>
