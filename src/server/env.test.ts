import { describe, expect, it } from 'vitest'
import { EnvError, loadEnv } from './env'

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
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrowError(EnvError)
    expect(() => loadEnv({ [name]: value })).toThrowError(new RegExp(name))
  })

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrowError(/AUTH_SECRET/)
    expect(loadEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production')
  })
})
