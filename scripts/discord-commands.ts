// Registers the bot's slash commands with Discord (docs/decisions/041): the list in
// src/features/discord/server/commands.ts, all at once, globally or in one server for testing.
// Usage: DISCORD_APPLICATION_ID=… DISCORD_BOT_TOKEN=… [DISCORD_GUILD_ID=…] npm run discord:commands

import { registerCommands } from '@/features/discord/server/register'
import { EnvError, loadEnv } from '@/platform/server/env'

async function main(): Promise<number> {
  let env: ReturnType<typeof loadEnv>
  try {
    // Only the bot's settings: the rest of the server's configuration is not needed here.
    const { DISCORD_API_URL, DISCORD_APPLICATION_ID, DISCORD_BOT_TOKEN, DISCORD_GUILD_ID } = process.env
    env = loadEnv({ DISCORD_API_URL, DISCORD_APPLICATION_ID, DISCORD_BOT_TOKEN, DISCORD_GUILD_ID })
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    console.error(error.message)
    return 1
  }
  const result = await registerCommands(env)
  if (!result.ok) {
    console.error(`The commands were not registered: ${result.error}`)
    return 1
  }
  console.log(`Registered ${result.names.length} commands ${result.scope}: ${result.names.join(', ')}`)
  return 0
}

process.exitCode = await main()
