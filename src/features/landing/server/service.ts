import { type CatalogDeps, listGames } from '@/features/catalog/server/public'
import type { SiteLinks, SiteSummary } from '@/features/landing/contract'
import type { Env } from '@/platform/server/env'

/** The landing page's figures and each game's freshness, from the catalog's one list of games. */
export async function getSiteSummary(catalog: CatalogDeps, env: Env): Promise<SiteSummary> {
  const games = await listGames(catalog)
  const sum = (pick: (g: (typeof games)[number]) => number) => games.reduce((n, g) => n + pick(g), 0)
  return {
    stats: {
      games: games.length,
      items: sum((g) => g.itemCount),
      valuedItems: sum((g) => g.valuedCount),
    },
    games: games.map(({ id, name, itemCount, valuedCount, lastValueChangeAt }) => ({
      id,
      name,
      itemCount,
      valuedCount,
      lastValueChangeAt,
    })),
    links: siteLinks(env),
  }
}

/** The Discord links the server is configured with. */
export function siteLinks(env: Env): SiteLinks {
  return {
    discordServerUrl: env.DISCORD_SERVER_URL ?? null,
    discordBotInviteUrl: env.DISCORD_BOT_INVITE_URL ?? null,
  }
}
