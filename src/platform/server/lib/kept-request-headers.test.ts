import { describe, expect, it } from 'vitest'
import { keptRequestHeaders } from './shared-answers'

describe('keptRequestHeaders: the headers a kept answer looks at, from the raw list', () => {
  it('finds them whatever their case and ignores the others', () => {
    expect(
      keptRequestHeaders([
        'Host',
        'example.test',
        'Accept-Encoding',
        'gzip, br',
        'IF-NONE-MATCH',
        '"abc"',
        'cookie',
        'theme=dark',
        'X-Api-Key',
        'th_key',
        'X-Forwarded-For',
        '203.0.113.9',
        'User-Agent',
        'a phone',
      ]),
    ).toEqual({
      acceptEncoding: 'gzip, br',
      ifNoneMatch: '"abc"',
      cookie: 'theme=dark',
      apiKey: 'th_key',
      forwardedFor: '203.0.113.9',
    })
    expect(keptRequestHeaders(['Host', 'example.test'])).toEqual({})
  })

  it('gives nothing when one of them comes twice: the app answers with Node joining them', () => {
    expect(
      keptRequestHeaders(['X-Forwarded-For', '198.51.100.1', 'x-forwarded-for', '203.0.113.9']),
    ).toBeUndefined()
    expect(keptRequestHeaders(['Cookie', 'a=1', 'Cookie', 'b=2'])).toBeUndefined()
    expect(keptRequestHeaders(['Via', 'one', 'Via', 'two'])).toEqual({})
  })
})
