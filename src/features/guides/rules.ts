/** The guides' limits and statuses, free of zod (the editor's page uses them). */
export const GUIDE_TITLE_MAX = 120
export const GUIDE_BODY_MAX = 50_000
export const GUIDE_STATUSES = ['draft', 'published'] as const
export type GuideStatus = (typeof GUIDE_STATUSES)[number]
