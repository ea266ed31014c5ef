import { z } from 'zod'
import { GAME_IDS } from '@/shared/games'

/** GET /api/site: the figures on the landing page (all counted from the database) and public links. */
export const siteSummarySchema = z.object({
  stats: z.object({
    games: z.number().int(),
    items: z.number().int(),
    valuedItems: z.number().int(),
  }),
  /** Each game's freshness, in menu order: its counts and when one of its values last changed. */
  games: z.array(
    z.object({
      id: z.enum(GAME_IDS),
      name: z.string(),
      itemCount: z.number().int(),
      valuedCount: z.number().int(),
      /** ISO time; null while none of its items has a value. */
      lastValueChangeAt: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
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
