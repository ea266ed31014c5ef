import type { Env } from '@/platform/server/env'
import { COMMANDS } from './commands'
import { apiOf, callDiscord } from './rest'

type RegisterEnv = Pick<
  Env,
  'DISCORD_API_URL' | 'DISCORD_APPLICATION_ID' | 'DISCORD_BOT_TOKEN' | 'DISCORD_GUILD_ID'
>

/** Where the commands went and their names, or why they could not be registered. */
export type RegisterResult =
  | { ok: true; scope: string; path: string; names: string[] }
  | { ok: false; error: string }

/**
 * `npm run discord:commands`: puts the whole list of commands in place at once (Discord's bulk
 * overwrite, `PUT /applications/{id}/commands`), or a server's own list with DISCORD_GUILD_ID — a
 * server's commands change at once, handy for testing; global ones can take a while to show.
 */
export async function registerCommands(env: RegisterEnv): Promise<RegisterResult> {
  if (!env.DISCORD_APPLICATION_ID)
    return { ok: false, error: 'DISCORD_APPLICATION_ID is not set (the application id of the Discord bot).' }
  if (!env.DISCORD_BOT_TOKEN)
    return {
      ok: false,
      error: "DISCORD_BOT_TOKEN is not set (the bot's token: commands are registered as the bot).",
    }
  const app = env.DISCORD_APPLICATION_ID
  const guild = env.DISCORD_GUILD_ID
  const path = guild ? `/applications/${app}/guilds/${guild}/commands` : `/applications/${app}/commands`
  const result = await callDiscord(apiOf(env), 'PUT', path, COMMANDS)
  if (!result.ok) return { ok: false, error: result.error }
  const answered: unknown = result.data
  const names = Array.isArray(answered)
    ? answered.map((c: { name?: unknown }) => String(c?.name ?? '?'))
    : COMMANDS.map((c) => c.name)
  return { ok: true, scope: guild ? `in the server ${guild}` : 'globally', path, names }
}
