import { count, max } from 'drizzle-orm'
import type { Db } from '@/server/db/client'
import { games, items, itemValueChanges } from '@/server/db/schema'
import type { Env } from '@/server/env'
import type { SiteLinks, SiteSummary } from '@/shared/site'

export async function getSiteSummary(db: Db, env: Env): Promise<SiteSummary> {
  const [[gameCount], [itemCounts], [lastChange]] = await Promise.all([
    db.select({ n: count() }).from(games),
    db.select({ all: count(), valued: count(items.value) }).from(items),
    db.select({ at: max(itemValueChanges.changedAt) }).from(itemValueChanges),
  ])
  return {
    stats: {
      games: gameCount?.n ?? 0,
      items: itemCounts?.all ?? 0,
      valuedItems: itemCounts?.valued ?? 0,
      lastValueChangeAt: lastChange?.at ? new Date(lastChange.at).toISOString() : null,
    },
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
