import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FetchRefused, isNonPublicAddress, safeFetch } from './safe-fetch'

describe('isNonPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:a00:1',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    'ff02::1',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isNonPublicAddress(address)).toBe(true)
  })

  it.each([
    '8.8.8.8',
    '151.101.1.69',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2a04:4e42::645',
    '2001:4860:4860::8888',
  ])('%s is public', (address) => {
    expect(isNonPublicAddress(address)).toBe(false)
  })
})

describe('safeFetch', () => {
  let origin: string
  const server = createServer((req, res) => {
    if (req.url === '/redirect-private') {
      res.writeHead(302, { location: 'https://192.168.0.10/inside.png' })
      return res.end()
    }
    if (req.url === '/redirect-loop') {
      res.writeHead(302, { location: '/redirect-loop' })
      return res.end()
    }
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('hello')
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const options = () => ({ maxBytes: 1024, timeoutMs: 2000, testOrigins: [origin] })

  it('reads a test origin over http, but http elsewhere is refused', async () => {
    const res = await safeFetch(`${origin}/hello`, options())
    expect(res).toMatchObject({ status: 200, contentType: 'text/plain' })
    expect(res.body.toString()).toBe('hello')
    await expect(safeFetch(`${origin}/hello`, { ...options(), testOrigins: [] })).rejects.toThrow(
      'Only https addresses are fetched (http refused)',
    )
  })

  it('refuses a name that resolves to a private address, and connects to nothing', async () => {
    const asked: string[] = []
    const resolve = async (host: string) => {
      asked.push(host)
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ]
    }
    await expect(safeFetch('https://pictures.example/a.png', { ...options(), resolve })).rejects.toThrow(
      'pictures.example points to a private or local address, which is never fetched',
    )
    expect(asked).toEqual(['pictures.example'])
  })

  it('checks every redirect like the first address, and follows at most 3', async () => {
    await expect(safeFetch(`${origin}/redirect-private`, options())).rejects.toThrow(
      '192.168.0.10 points to a private or local address',
    )
    await expect(safeFetch(`${origin}/redirect-loop`, options())).rejects.toThrow('Too many redirects')
  })

  it('refuses a body over its limit', async () => {
    await expect(safeFetch(`${origin}/hello`, { ...options(), maxBytes: 3 })).rejects.toBeInstanceOf(
      FetchRefused,
    )
  })
})
