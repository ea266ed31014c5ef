import { z } from 'zod'

/** GET /api/site: the figures on the landing page (all counted from the database) and public links. */
export const siteSummarySchema = z.object({
  stats: z.object({
    games: z.number().int(),
    items: z.number().int(),
    valuedItems: z.number().int(),
    /** When an item's value last changed, as ISO time; null before any value exists. */
    lastValueChangeAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  links: z.object({
    discordServerUrl: z.url().nullable(),
    discordBotInviteUrl: z.url().nullable(),
  }),
})

export type SiteSummary = z.infer<typeof siteSummarySchema>

/** GET /api/site/links: the site's Discord links, null where none is configured (then none is offered). */
export const siteLinksSchema = z.object({
  discordServerUrl: z.url().nullable(),
  discordBotInviteUrl: z.url().nullable(),
})

export type SiteLinks = z.infer<typeof siteLinksSchema>
