import { describe, expect, it } from 'vitest'
import { addressGroup } from './client-ip'

describe('addressGroup', () => {
  it('is an IPv4 address itself, also when written IPv4-mapped', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7')
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it("is an IPv6 address's /64, however it is written", () => {
    const group = '2001:db8:1:2::/64'
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:0:0:9',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::1.2.3.4',
    ])
      expect(addressGroup(ip)).toBe(group)
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressGroup('::1')).toBe('0:0:0:0::/64')
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  it('leaves anything else as it is', () => {
    expect(addressGroup('unknown')).toBe('unknown')
  })
})
