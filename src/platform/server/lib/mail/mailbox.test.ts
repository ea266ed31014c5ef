import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '@/platform/server/lib/logger'
import { createTestApp } from '@/test/app'
import { createMailTransport } from './transport'

describe('local mailbox (no SMTP_URL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehub-mailbox-'))
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ catalog: false, env: { DATA_DIR: dataDir } })
    const transport = createMailTransport(t.env, createLogger('silent'))
    expect(transport.kind).toBe('mailbox')
    await transport.send({
      id: 7,
      to: 'reader@example.com',
      subject: 'Verify Your Email for Early Launch Access',
      html: '<p><a href="http://localhost:3000/?token=abc">Verify</a></p>',
      text: 'Verify: http://localhost:3000/?token=abc',
      headers: {},
    })
    // A retry of the same row replaces the file rather than adding a second mail.
    await transport.send({
      id: 7,
      to: 'reader@example.com',
      subject: 'Verify Your Email for Early Launch Access',
      html: '<p>again</p>',
      text: 'again',
      headers: {},
    })
  })
  afterAll(() => t.close())

  it('lists the mails written to DATA_DIR/mail', async () => {
    const res = await t.app.request('/dev/mailbox')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Verify Your Email for Early Launch Access')
    expect(html).toContain('reader@example.com')
    expect(html.match(/href="\/dev\/mailbox\/7"/g)).toHaveLength(1)
  })

  it('shows one mail as it renders, links clickable', async () => {
    const res = await t.app.request('/dev/mailbox/7')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('<p>again</p>')
    expect((await t.app.request('/dev/mailbox/8')).status).toBe(404)
  })
})

describe('local mailbox with SMTP_URL set', () => {
  it('does not exist', async () => {
    const t = await createTestApp({ catalog: false, env: { SMTP_URL: 'smtp://127.0.0.1:2599' } })
    try {
      expect((await t.app.request('/dev/mailbox')).status).toBe(404)
    } finally {
      await t.close()
    }
  })
})

describe('where the local mailbox is served', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())
  const status = async (env: Record<string, string>) => (await t.appWith(env).request('/dev/mailbox')).status

  it('not on a server listening beyond loopback, unless DEV_MAILBOX=1; never with SMTP_URL', async () => {
    expect(await status({ HOST: '127.0.0.1' })).toBe(200)
    expect(await status({ HOST: '0.0.0.0' })).toBe(404)
    expect(await status({ HOST: '0.0.0.0', DEV_MAILBOX: '1' })).toBe(200)
    expect(await status({ HOST: '127.0.0.1', SMTP_URL: 'smtp://127.0.0.1:2599', DEV_MAILBOX: '1' })).toBe(404)
  })
})
