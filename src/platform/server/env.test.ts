import { describe, expect, it } from 'vitest'
import { devMailboxEnabled, EnvError, isLoopbackHost, loadEnv } from './env'

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({})
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './.data',
      PUBLIC_URL: 'http://localhost:3000',
    })
    expect(env.MAIL_FROM).toBe('TradeHub <no-reply@localhost>')
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadEnv({ PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000')
    expect(loadEnv({ PUBLIC_URL: 'https://tradehub.example/' }).PUBLIC_URL).toBe('https://tradehub.example')
  })

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000)
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://x'],
    ['ADMIN_EMAIL', 'nobody'],
    ['AUTH_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['DISCORD_SERVER_URL', 'javascript:alert(1)'],
    ['PS99_API_URL', 'ftp://ps99.example'],
    ['PETSGO_API_URL', 'not a url'],
    ['VALUE_IMPORT_INTERVAL_MINUTES', '-1'],
    ['VALUE_IMPORT_INTERVAL_MINUTES', '1.5'],
    ['VALUE_IMPORT_INTERVAL_MINUTES', 'hourly'],
    ['LIVE_STREAMS_PER_ADDRESS', '0'],
    ['LIVE_STREAMS_PER_USER', 'many'],
    ['LIVE_STREAMS_MAX', '2.5'],
    ['SHUTDOWN_DRAIN_SECONDS', '-1'],
    ['SHUTDOWN_DRAIN_SECONDS', '2.5'],
    ['SHUTDOWN_DRAIN_SECONDS', 'soon'],
    ['ROBLOX_OAUTH_ISSUER', 'apis.roblox.com/oauth'],
    ['ROBLOX_OAUTH_ISSUER', 'ftp://apis.roblox.com/oauth/'],
    ['ROBLOX_OAUTH_ISSUER', 'https://apis.roblox.com/oauth/?x=1'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrowError(EnvError)
    expect(() => loadEnv({ [name]: value })).toThrowError(new RegExp(name))
  })

  it('caps event streams per address and per user as written in live-rules; in all by the open-files limit unless set', () => {
    expect(loadEnv({})).toMatchObject({ LIVE_STREAMS_PER_ADDRESS: 100, LIVE_STREAMS_PER_USER: 20 })
    expect(loadEnv({}).LIVE_STREAMS_MAX).toBeUndefined()
    expect(
      loadEnv({ LIVE_STREAMS_PER_ADDRESS: '500', LIVE_STREAMS_PER_USER: '5', LIVE_STREAMS_MAX: '9000' }),
    ).toMatchObject({ LIVE_STREAMS_PER_ADDRESS: 500, LIVE_STREAMS_PER_USER: 5, LIVE_STREAMS_MAX: 9000 })
  })

  it("imports official prices hourly from the studio's hosts unless told otherwise; 0 switches it off", () => {
    expect(loadEnv({})).toMatchObject({
      PS99_API_URL: 'https://ps99.biggamesapi.io',
      PETSGO_API_URL: 'https://petsgo.biggamesapi.io',
      VALUE_IMPORT_INTERVAL_MINUTES: 60,
    })
    expect(
      loadEnv({
        PS99_API_URL: 'http://127.0.0.1:5123/',
        PETSGO_API_URL: 'http://127.0.0.1:5124',
        VALUE_IMPORT_INTERVAL_MINUTES: '0',
      }),
    ).toMatchObject({
      PS99_API_URL: 'http://127.0.0.1:5123',
      PETSGO_API_URL: 'http://127.0.0.1:5124',
      VALUE_IMPORT_INTERVAL_MINUTES: 0,
    })
  })

  it("offers Roblox's sign-in only when configured, at Roblox's issuer unless told otherwise", () => {
    const env = loadEnv({})
    expect(env.ROBLOX_CLIENT_ID).toBeUndefined()
    expect(env.ROBLOX_CLIENT_SECRET).toBeUndefined()
    expect(env.ROBLOX_OAUTH_ISSUER).toBe('https://apis.roblox.com/oauth/')
    expect(loadEnv({ ROBLOX_CLIENT_ID: '8165', ROBLOX_CLIENT_SECRET: 'RBX-secret' })).toMatchObject({
      ROBLOX_CLIENT_ID: '8165',
      ROBLOX_CLIENT_SECRET: 'RBX-secret',
    })
    // The issuer keeps exactly one trailing slash, however it is written.
    for (const written of ['http://127.0.0.1:2531', 'http://127.0.0.1:2531/', 'http://127.0.0.1:2531//'])
      expect(loadEnv({ ROBLOX_OAUTH_ISSUER: written }).ROBLOX_OAUTH_ISSUER).toBe('http://127.0.0.1:2531/')
    expect(loadEnv({ ROBLOX_OAUTH_ISSUER: 'https://id.example/oauth' }).ROBLOX_OAUTH_ISSUER).toBe(
      'https://id.example/oauth/',
    )
  })

  it('takes DEV_SERVER_ORIGIN (set by npm run dev) except in production', () => {
    expect(loadEnv({}).DEV_SERVER_ORIGIN).toBeUndefined()
    expect(loadEnv({ DEV_SERVER_ORIGIN: 'http://localhost:5173' }).DEV_SERVER_ORIGIN).toBe(
      'http://localhost:5173',
    )
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        DEV_SERVER_ORIGIN: 'http://localhost:5173',
      }),
    ).toThrow(/DEV_SERVER_ORIGIN/)
  })

  it('drains for 5 s on SIGTERM unless told otherwise; 0 stops at once', () => {
    expect(loadEnv({}).SHUTDOWN_DRAIN_SECONDS).toBe(5)
    expect(loadEnv({ SHUTDOWN_DRAIN_SECONDS: '0' }).SHUTDOWN_DRAIN_SECONDS).toBe(0)
    expect(loadEnv({ SHUTDOWN_DRAIN_SECONDS: '30' }).SHUTDOWN_DRAIN_SECONDS).toBe(30)
  })

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrowError(/AUTH_SECRET/)
    expect(loadEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production')
  })
})

describe('devMailboxEnabled', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    'localhost',
    'LOCALHOST',
    'app.localhost',
  ])('%s is loopback', (host) => expect(isLoopbackHost(host)).toBe(true))

  it.each([
    '0.0.0.0',
    '::',
    '10.0.0.5',
    '192.168.1.2',
    '::ffff:10.0.0.5',
    'tradehub.example',
    'localhost.example.com',
  ])('%s is not loopback', (host) => expect(isLoopbackHost(host)).toBe(false))

  it('shows the mailbox without SMTP_URL on a loopback HOST (the default), not beyond it', () => {
    expect(devMailboxEnabled(loadEnv({}))).toBe(true)
    expect(devMailboxEnabled(loadEnv({ HOST: 'localhost' }))).toBe(true)
    expect(devMailboxEnabled(loadEnv({ HOST: '0.0.0.0' }))).toBe(false)
    expect(devMailboxEnabled(loadEnv({ HOST: '::' }))).toBe(false)
    expect(devMailboxEnabled(loadEnv({ HOST: '192.168.1.2' }))).toBe(false)
  })

  it('DEV_MAILBOX=1 shows it beyond loopback, and nothing shows it with SMTP_URL', () => {
    expect(devMailboxEnabled(loadEnv({ HOST: '0.0.0.0', DEV_MAILBOX: '1' }))).toBe(true)
    expect(devMailboxEnabled(loadEnv({ HOST: '0.0.0.0', DEV_MAILBOX: '0' }))).toBe(false)
    const smtp = 'smtp://mail.example:587'
    expect(devMailboxEnabled(loadEnv({ SMTP_URL: smtp }))).toBe(false)
    expect(devMailboxEnabled(loadEnv({ SMTP_URL: smtp, DEV_MAILBOX: '1' }))).toBe(false)
    expect(devMailboxEnabled(loadEnv({ SMTP_URL: smtp, DEV_MAILBOX: '1', HOST: '0.0.0.0' }))).toBe(false)
  })

  it('is off in production unless DEV_MAILBOX=1', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }
    expect(devMailboxEnabled(loadEnv(production))).toBe(false)
    expect(devMailboxEnabled(loadEnv({ ...production, DEV_MAILBOX: '1' }))).toBe(true)
  })

  it('stops with a message naming DEV_MAILBOX when it is not 0 or 1', () => {
    expect(() => loadEnv({ DEV_MAILBOX: 'yes please' })).toThrowError(/DEV_MAILBOX/)
  })
})

describe('ALERT_WEBHOOK_TEST_ORIGINS', () => {
  it('is empty by default and a list of origins under NODE_ENV=test', () => {
    expect(loadEnv({}).ALERT_WEBHOOK_TEST_ORIGINS).toEqual([])
    expect(
      loadEnv({
        NODE_ENV: 'test',
        ALERT_WEBHOOK_TEST_ORIGINS: 'http://127.0.0.1:5123, http://localhost:8080/',
      }).ALERT_WEBHOOK_TEST_ORIGINS,
    ).toEqual(['http://127.0.0.1:5123', 'http://localhost:8080'])
  })

  it.each(['development', 'production'])('is refused under NODE_ENV=%s', (mode) => {
    const source = {
      NODE_ENV: mode,
      AUTH_SECRET: 'x'.repeat(32),
      ALERT_WEBHOOK_TEST_ORIGINS: 'http://127.0.0.1:1',
    }
    expect(() => loadEnv(source)).toThrowError(/ALERT_WEBHOOK_TEST_ORIGINS: is for tests only/)
  })

  it.each(['not a url', 'http://127.0.0.1:5123/api/webhooks', 'ftp://127.0.0.1'])(
    'refuses %j, which is not an origin',
    (value) => {
      expect(() => loadEnv({ NODE_ENV: 'test', ALERT_WEBHOOK_TEST_ORIGINS: value })).toThrowError(
        /ALERT_WEBHOOK_TEST_ORIGINS/,
      )
    },
  )
})

describe('ITEM_WIKI_API_URL / ITEM_IMAGE_TEST_ORIGINS', () => {
  it('the wiki API is unset by default (each game its own wiki) and a URL with {game} when given', () => {
    expect(loadEnv({}).ITEM_WIKI_API_URL).toBeUndefined()
    const url = 'https://{game}.wikis.example/api.php'
    expect(loadEnv({ ITEM_WIKI_API_URL: url }).ITEM_WIKI_API_URL).toBe(url)
    expect(() => loadEnv({ ITEM_WIKI_API_URL: 'ftp://{game}.example/api.php' })).toThrowError(
      /ITEM_WIKI_API_URL: must be an http\(s\) URL/,
    )
  })

  it('test origins are read under NODE_ENV=test only', () => {
    expect(loadEnv({}).ITEM_IMAGE_TEST_ORIGINS).toEqual([])
    expect(
      loadEnv({ NODE_ENV: 'test', ITEM_IMAGE_TEST_ORIGINS: 'http://127.0.0.1:5123/' })
        .ITEM_IMAGE_TEST_ORIGINS,
    ).toEqual(['http://127.0.0.1:5123'])
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        ITEM_IMAGE_TEST_ORIGINS: 'http://127.0.0.1:1',
      }),
    ).toThrowError(/ITEM_IMAGE_TEST_ORIGINS: is for tests only/)
  })
})

describe('GROW_A_GARDEN_STOCK_FEED_URL / _KEY', () => {
  it('are unset by default (no feed) and read when given', () => {
    expect(loadEnv({}).GROW_A_GARDEN_STOCK_FEED_URL).toBeUndefined()
    const env = loadEnv({
      GROW_A_GARDEN_STOCK_FEED_URL: 'https://api.example/v2/growagarden/stock',
      GROW_A_GARDEN_STOCK_FEED_KEY: 'js_key',
    })
    expect(env.GROW_A_GARDEN_STOCK_FEED_URL).toBe('https://api.example/v2/growagarden/stock')
    expect(env.GROW_A_GARDEN_STOCK_FEED_KEY).toBe('js_key')
  })

  it.each(['not a url', 'ftp://feed.example/stock', 'javascript:alert(1)'])('refuses the URL %j', (value) => {
    expect(() => loadEnv({ GROW_A_GARDEN_STOCK_FEED_URL: value })).toThrowError(
      /GROW_A_GARDEN_STOCK_FEED_URL/,
    )
  })

  it('refuses a key over plain http in production, not in development', () => {
    const source = {
      GROW_A_GARDEN_STOCK_FEED_URL: 'http://feed.example/stock',
      GROW_A_GARDEN_STOCK_FEED_KEY: 'js_key',
      AUTH_SECRET: 'x'.repeat(32),
    }
    expect(() => loadEnv({ ...source, NODE_ENV: 'production' })).toThrowError(
      /GROW_A_GARDEN_STOCK_FEED_URL: must be https/,
    )
    expect(loadEnv({ ...source, NODE_ENV: 'development' }).GROW_A_GARDEN_STOCK_FEED_KEY).toBe('js_key')
  })
})
