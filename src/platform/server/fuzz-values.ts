/**
 * The fuzz tests' bad values: for a text field of a JSON body, for a whole body, for a query or path
 * parameter, and the names every plain object answers to.
 */

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** Bad values for a text field, as JSON text (so 1e309 and 20,000-deep arrays are written literally). */
export const BAD_FIELD_VALUES: Record<string, string> = {
  'NUL inside': JSON.stringify('a\u0000b'),
  'NUL alone': JSON.stringify('\u0000'),
  'NUL among spaces': JSON.stringify(' \u0000 '),
  'NUL and control characters': JSON.stringify('ok\t\n\u0000'),
  'lone high surrogate': '"\\ud800"',
  'lone low surrogate': '"x\\udc00y"',
  'half an emoji': '"trader\\ud83d"',
  'two high surrogates': '"\\ud800\\ud800"',
  'NUL and a lone surrogate': '"a\\u0000\\ud800"',
  '1 MB string': JSON.stringify('a'.repeat(1 << 20)),
  '10 KB string': JSON.stringify('a'.repeat(10_000)),
  number: '42',
  'huge number': '123456789012345678901234567890',
  '1e309 (Infinity)': '1e309',
  '-1e309': '-1e309',
  true: 'true',
  false: 'false',
  null: 'null',
  'empty array': '[]',
  'array of a string': '["a@example.com"]',
  'empty object': '{}',
  'object with __proto__': '{"__proto__":{"isAdmin":true}}',
  'object with length': '{"length":1}',
  '20,000-deep array': deepArray(20_000),
}

export interface RawBody {
  contentType?: string
  body: BodyInit
}

/** Whole bodies that are not a valid request, whatever the endpoint (`valid`: the endpoint's good body). */
export function badBodies(valid: Record<string, unknown>, noInput: boolean): Record<string, RawBody> {
  const json = 'application/json'
  const form = new FormData()
  for (const [key, value] of Object.entries(valid)) form.set(key, String(value))
  const bodies: Record<string, RawBody> = {
    'empty body': { contentType: json, body: '' },
    'malformed JSON': { contentType: json, body: '{' },
    'malformed JSON value': { contentType: json, body: '{"a":}' },
    'trailing garbage': { contentType: json, body: `${JSON.stringify(valid)} x` },
    'NUL byte after the JSON': { contentType: json, body: `${JSON.stringify(valid)}\u0000` },
    'invalid UTF-8': { contentType: json, body: new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]) },
    null: { contentType: json, body: 'null' },
    number: { contentType: json, body: '42' },
    string: { contentType: json, body: '"text"' },
    true: { contentType: json, body: 'true' },
    '1e309': { contentType: json, body: '1e309' },
    'empty array': { contentType: json, body: '[]' },
    'the request in an array': { contentType: json, body: JSON.stringify([valid]) },
    '20,000-deep array': { contentType: json, body: deepArray(20_000) },
    '__proto__ key': { contentType: json, body: '{"__proto__":{"isAdmin":true}}' },
    'constructor.prototype keys': {
      contentType: json,
      body: '{"constructor":{"prototype":{"isAdmin":true}}}',
    },
    '1 MB body': { contentType: json, body: JSON.stringify({ ...valid, padding: 'a'.repeat(1 << 20) }) },
    'text/plain content type': { contentType: 'text/plain', body: JSON.stringify(valid) },
    'no content type': { body: new TextEncoder().encode(JSON.stringify(valid)) },
    'form-urlencoded': {
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, String(v)])).toString(),
    },
    'multipart form': { body: form },
  }
  if (!noInput) bodies['empty object'] = { contentType: json, body: '{}' }
  return bodies
}

/** Bad values for a query or path parameter, already in the URL's encoding. */
export const BAD_URL_VALUES: Record<string, string> = {
  'NUL alone': '%00',
  'NUL inside': 'a%00b',
  'encoded surrogate (not UTF-8)': '%ED%A0%80',
  'byte FF': '%FF',
  'overlong NUL': '%C0%80',
  'truncated sequence': 'a%E2%80',
  'lone percent': '%',
  'percent-u escape': '%uD800',
  '10,000 characters': 'a'.repeat(10_000),
  '100 KB': 'b'.repeat(100_000),
}
export const BAD_PATH_VALUES: Record<string, string> = {
  ...BAD_URL_VALUES,
  'dot segments': '..%2F..%2Fetc%2Fpasswd',
  'encoded slashes': '%2F%2Fevil.test',
  'encoded backslash': '%5Cevil.test',
}

/**
 * Names every plain object answers to without having them: a lookup written `key in table` or
 * `table[key]` takes them for known values (`constructor` a trend, `__proto__` a weather).
 */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
]
