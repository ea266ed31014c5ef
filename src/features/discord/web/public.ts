/** What other features and the shell may use of the Discord bot's pages (lint refuses any other import). */

export { DiscordDms } from './components/discord-dms'
