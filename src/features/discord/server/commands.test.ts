import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TEST_APPLICATION_ID as APPLICATION_ID, startDiscordApi, TEST_GUILD } from '@/test/discord-api'
import { COMMANDS } from './commands'

const root = path.resolve(import.meta.dirname, '../../../..')
const tsx = path.join(root, 'node_modules/.bin/tsx')

/** `npm run discord:commands` as a child process with only these settings: its exit code and output. */
async function register(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['scripts/discord-commands.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('npm run discord:commands', () => {
  let discord: Awaited<ReturnType<typeof startDiscordApi>>
  beforeAll(async () => {
    discord = await startDiscordApi()
  })
  beforeEach(() => discord.reset())
  afterAll(() => discord.close())

  const settings = () => ({
    DISCORD_API_URL: discord.url,
    DISCORD_APPLICATION_ID: APPLICATION_ID,
    DISCORD_BOT_TOKEN: 'bot-token-for-tests',
  })

  it('puts the whole list of commands in place globally, as the bot', async () => {
    const run = await register(settings())
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Registered ${COMMANDS.length} commands globally: value, wfl, stock,`)
    const [put, ...more] = discord.received
    expect(more).toEqual([])
    expect(put).toMatchObject({ method: 'PUT', path: `/applications/${APPLICATION_ID}/commands` })
    expect(put!.headers.authorization).toBe('Bot bot-token-for-tests')
    expect(put!.body).toEqual(JSON.parse(JSON.stringify(COMMANDS)))
  })

  it("puts them in one server's list with DISCORD_GUILD_ID", async () => {
    const run = await register({ ...settings(), DISCORD_GUILD_ID: TEST_GUILD.id })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`in the server ${TEST_GUILD.id}`)
    const puts = discord.sentTo(`/applications/${APPLICATION_ID}/guilds/${TEST_GUILD.id}/commands`)
    expect(puts).toHaveLength(1)
    expect(puts[0]!.body).toEqual(JSON.parse(JSON.stringify(COMMANDS)))
  })

  it('refuses clearly without the bot token or the application id, and fails when Discord refuses', async () => {
    const { DISCORD_BOT_TOKEN: _token, ...noToken } = settings()
    const withoutToken = await register(noToken)
    expect(withoutToken.code).toBe(1)
    expect(withoutToken.stderr).toContain('DISCORD_BOT_TOKEN is not set')
    const { DISCORD_APPLICATION_ID: _id, ...noApp } = settings()
    const withoutApp = await register(noApp)
    expect(withoutApp.code).toBe(1)
    expect(withoutApp.stderr).toContain('DISCORD_APPLICATION_ID is not set')
    expect(discord.received).toEqual([])

    discord.reply(`/applications/${APPLICATION_ID}/commands`, {
      status: 401,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: '401: Unauthorized', code: 0 }),
    })
    const refused = await register(settings())
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Discord answered 401: 401: Unauthorized')
  })
})
