import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ALERT_MESSAGES, type AlertSettings, alertSettingsSchema } from '@/features/alerts/contract'
import { alertSettings } from '@/features/alerts/tables'
import { rateLimits } from '@/platform/server/lib/rate-limit-tables'
import { createUsers, errorOf, send } from '@/test/accounts'
import { aliceAndBob } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { startWebhookReceiver, type WebhookReceiver } from '@/test/webhook-receiver'
import { TEST_MESSAGE } from './settings'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz-0123456789_abcdefghij'
const DISCORD = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`

const DEFAULTS = (email: string): AlertSettings => ({
  email: { restock: false, value: false, trades: false },
  emailAddress: email,
  discord: { webhook: null, enabled: false, trades: false, problem: null },
})

describe('alert settings API', () => {
  let t: TestApp
  let receiver: WebhookReceiver
  let alice: string
  let bob: string
  let aliceId: string

  const get = async (cookie: string) => {
    const res = await send(t, '/api/alert-settings', { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    return alertSettingsSchema.parse(await res.json())
  }
  const put = (body: unknown, cookie?: string) =>
    send(t, '/api/alert-settings', { method: 'PUT', body, cookie })
  const saved = async (res: Response) => {
    const text = await res.text()
    expect(res.status, text).toBe(200)
    return alertSettingsSchema.parse(JSON.parse(text))
  }
  const testPost = (cookie?: string) =>
    send(t, '/api/alert-settings/test-discord', { method: 'POST', cookie })
  const allRows = () => t.database.db.select().from(alertSettings).orderBy(alertSettings.userId)

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    t = await createTestApp({ env: { ALERT_WEBHOOK_TEST_ORIGINS: receiver.origin } })
    ;({ alice, bob, aliceId } = await aliceAndBob(t))
  })
  afterAll(async () => {
    await t.close()
    await receiver.close()
  })
  beforeEach(async () => {
    await t.database.db.delete(alertSettings)
    // Each test has the test button's whole budget.
    await t.database.db.delete(rateLimits)
    receiver.reset()
  })
  afterEach(() => {
    expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
  })

  it('defaults without a row: e-mail off, no webhook, the account e-mail as address', async () => {
    expect(await get(alice)).toEqual(DEFAULTS('alice@example.com'))
    expect(await allRows()).toEqual([])
  })

  it('e-mail on or off for every kind, or for each; other settings are kept', async () => {
    expect((await saved(await put({ email: true }, alice))).email).toEqual({
      restock: true,
      value: true,
      trades: true,
    })
    expect((await saved(await put({ email: { value: false } }, alice))).email).toEqual({
      restock: true,
      value: false,
      trades: true,
    })
    expect((await saved(await put({ email: { trades: false } }, alice))).email).toEqual({
      restock: true,
      value: false,
      trades: false,
    })
    await put({ discordWebhookUrl: DISCORD }, alice)
    expect(await saved(await put({ email: false }, alice))).toMatchObject({
      email: { restock: false, value: false, trades: false },
      discord: { enabled: true },
    })
    expect(await get(alice)).toMatchObject({ email: { restock: false, value: false } })
    expect(await get(bob)).toEqual(DEFAULTS('bob@example.com'))
  })

  it('a Discord webhook is saved whole, shown masked only, and turns Discord on', async () => {
    const answer = await put({ discordWebhookUrl: DISCORD }, alice)
    const text = await answer.clone().text()
    expect(text).not.toContain(TOKEN)
    expect(text).not.toContain(TOKEN.slice(0, 10))
    expect((await saved(answer)).discord).toEqual({
      webhook: 'https://discord.com/api/webhooks/1234…/…ghij',
      enabled: true,
      trades: false,
      problem: null,
    })
    // Trades on Discord are a choice of their own, kept with the webhook.
    expect((await saved(await put({ discordTrades: true }, alice))).discord).toMatchObject({
      enabled: true,
      trades: true,
    })
    expect(await errorOf(await put({ discordTrades: 'yes' }, alice))).toMatchObject({ status: 400 })
    const read = await send(t, '/api/alert-settings', { cookie: alice })
    expect(await read.clone().text()).not.toContain(TOKEN)
    expect(alertSettingsSchema.parse(await read.json()).discord.webhook).toContain('…')
    const [row] = await allRows()
    expect(row).toMatchObject({ userId: aliceId, discordWebhookUrl: DISCORD, discordEnabled: true })
    // discordapp.com too; null removes it.
    const legacy = DISCORD.replace('discord.com', 'discordapp.com')
    expect((await saved(await put({ discordWebhookUrl: legacy }, alice))).discord.webhook).toMatch(
      /^https:\/\/discordapp\.com\//,
    )
    expect((await saved(await put({ discordWebhookUrl: null }, alice))).discord).toEqual({
      webhook: null,
      enabled: false,
      trades: true,
      problem: null,
    })
    expect((await allRows())[0]?.discordWebhookUrl).toBeNull()
  })

  it('refuses webhook addresses of another host, with credentials, over http, to private addresses, with a bad path', async () => {
    await put({ email: true, discordWebhookUrl: DISCORD }, alice)
    const before = await allRows()
    const path = `/api/webhooks/123456789012345678/${TOKEN}`
    const cases: [string, string][] = [
      [`https://example.com${path}`, ALERT_MESSAGES.webhookHost],
      [`https://discord.com.evil.example${path}`, ALERT_MESSAGES.webhookHost],
      [`https://evil-discord.com${path}`, ALERT_MESSAGES.webhookHost],
      [`https://discord.com:8443${path}`, ALERT_MESSAGES.webhookHost],
      [`https://user:secret@discord.com${path}`, ALERT_MESSAGES.webhookCredentials],
      [`https://user@discord.com${path}`, ALERT_MESSAGES.webhookCredentials],
      [`http://discord.com${path}`, ALERT_MESSAGES.webhookScheme],
      [`ftp://discord.com${path}`, ALERT_MESSAGES.webhookScheme],
      [`javascript:alert(1)//discord.com${path}`, ALERT_MESSAGES.webhookScheme],
      [`https://127.0.0.1${path}`, ALERT_MESSAGES.webhookPrivate],
      [`https://10.0.0.8${path}`, ALERT_MESSAGES.webhookPrivate],
      [`https://192.168.1.20${path}`, ALERT_MESSAGES.webhookPrivate],
      [`https://169.254.169.254${path}`, ALERT_MESSAGES.webhookPrivate],
      [`https://[::1]${path}`, ALERT_MESSAGES.webhookPrivate],
      [`https://localhost${path}`, ALERT_MESSAGES.webhookPrivate],
      // Another port of the loopback address than the test receiver's: not a test origin.
      [`${receiver.origin.replace(/:\d+$/, ':1')}${path}`, ALERT_MESSAGES.webhookScheme],
      ['https://discord.com/api/webhook/123456789012345678/token', ALERT_MESSAGES.webhookPath],
      [`https://discord.com/api/webhooks/abc/${TOKEN}`, ALERT_MESSAGES.webhookPath],
      ['https://discord.com/api/webhooks/123456789012345678', ALERT_MESSAGES.webhookPath],
      [`https://discord.com/channels/123456789012345678/${TOKEN}`, ALERT_MESSAGES.webhookPath],
      [`https://discord.com${path}?wait=true`, ALERT_MESSAGES.webhookPath],
      [`${receiver.origin}/elsewhere`, ALERT_MESSAGES.webhookPath],
      ['not a url', ALERT_MESSAGES.webhookPath],
    ]
    for (const [url, message] of cases) {
      const error = await errorOf(await put({ discordWebhookUrl: url }, alice))
      expect(error, url).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
      expect(error.fields, url).toEqual({ discordWebhookUrl: message })
      // A refused change changes nothing, the e-mail part of the same request neither.
      expect(await errorOf(await put({ email: false, discordWebhookUrl: url }, alice))).toMatchObject({
        status: 400,
      })
    }
    expect(await allRows()).toEqual(before)
  })

  it('bad bodies are a 400 from the shared schema and change nothing', async () => {
    for (const body of [
      {},
      { email: 'yes' },
      { email: { restock: 1 } },
      { email: { other: true } },
      { discordWebhookUrl: '' },
      { discordWebhookUrl: 42 },
      { discordWebhookUrl: `https://discord.com/api/webhooks/1/${'a'.repeat(500)}` },
      { email: true, discordEnabled: true },
    ]) {
      const res = await put(body, alice)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
    expect(await allRows()).toEqual([])
  })

  it('the test button posts a short message to the webhook now', async () => {
    const hook = receiver.newWebhook()
    await put({ discordWebhookUrl: hook.url }, alice)
    const res = await testPost(alice)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: ALERT_MESSAGES.testSent })
    expect(receiver.postsTo(hook.path)).toMatchObject([
      { method: 'POST', body: TEST_MESSAGE, headers: { 'content-type': 'application/json' } },
    ])
  })

  it('the test button without a webhook is a 400', async () => {
    expect(await errorOf(await testPost(alice))).toMatchObject({
      status: 400,
      message: ALERT_MESSAGES.noWebhook,
    })
    await put({ email: true }, alice)
    expect(await errorOf(await testPost(alice))).toMatchObject({
      status: 400,
      message: ALERT_MESSAGES.noWebhook,
    })
    expect(receiver.received).toEqual([])
  })

  it('a webhook answering 404 to the test is switched off, with the reason, until a new address is saved', async () => {
    const hook = receiver.newWebhook()
    await put({ discordWebhookUrl: hook.url }, alice)
    receiver.reply(hook.path, { status: 404, body: '{"message":"Unknown Webhook","code":10015}' })
    expect(await errorOf(await testPost(alice))).toMatchObject({
      status: 400,
      message: ALERT_MESSAGES.webhookGone,
    })
    expect((await get(alice)).discord).toMatchObject({ enabled: false, problem: ALERT_MESSAGES.webhookGone })
    const fresh = receiver.newWebhook()
    expect((await saved(await put({ discordWebhookUrl: fresh.url }, alice))).discord).toMatchObject({
      enabled: true,
      problem: null,
    })
  })

  it('a test Discord refuses or that follows a redirect says it was not sent; a redirect is never followed', async () => {
    const hook = receiver.newWebhook()
    await put({ discordWebhookUrl: hook.url }, alice)
    const elsewhere = receiver.newWebhook()
    receiver.reply(hook.path, { status: 500 }, { status: 302, headers: { location: elsewhere.url } })
    const failed = await errorOf(await testPost(alice))
    expect(failed).toMatchObject({ status: 502, code: 'BAD_GATEWAY' })
    expect(failed.message).toContain('Discord answered 500')
    const redirected = await errorOf(await testPost(alice))
    expect(redirected.message).toContain('redirect (302)')
    expect(receiver.postsTo(elsewhere.path)).toEqual([])
    expect((await get(alice)).discord).toMatchObject({ enabled: true, problem: null })
    // Discord's failures are not the server's: nothing is logged as an error (users could fill the log).
    expect(t.loggedErrors).toEqual([])
  })

  it('the test button is limited to 5 a minute per user', async () => {
    const [carol] = await createUsers(t, ['carol@example.com'])
    const hook = receiver.newWebhook()
    await put({ discordWebhookUrl: hook.url }, carol!.cookie)
    await put({ discordWebhookUrl: receiver.newWebhook().url }, bob)
    for (let i = 0; i < 5; i++) expect((await testPost(carol!.cookie)).status).toBe(200)
    const limited = await testPost(carol!.cookie)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(receiver.postsTo(hook.path)).toHaveLength(5)
    // Another user is not limited by carol's.
    expect((await testPost(bob)).status).toBe(200)
  })

  it("a user never sees or changes another user's settings; a visitor gets 401 and nothing changes", async () => {
    await put({ email: true, discordWebhookUrl: DISCORD }, alice)
    expect(await get(bob)).toEqual(DEFAULTS('bob@example.com'))
    await put({ discordWebhookUrl: null }, bob)
    expect((await get(alice)).discord.enabled).toBe(true)
    const before = await allRows()
    for (const res of [
      await send(t, '/api/alert-settings'),
      await put({ email: false }),
      await put({ discordWebhookUrl: null }),
      await testPost(),
      await testPost('better-auth.session_token=forged.value'),
    ]) {
      expect(await errorOf(res)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    }
    expect(await allRows()).toEqual(before)
    const [row] = await t.database.db.select().from(alertSettings).where(eq(alertSettings.userId, aliceId))
    expect(row?.discordWebhookUrl).toBe(DISCORD)
  })
})
