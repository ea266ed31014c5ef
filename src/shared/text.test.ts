import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { profileUpdateSchema, usernameBodySchema } from '../features/accounts/contract'
import { SOCIAL_KEYS } from '../features/accounts/rules'
import {
  historyQuerySchema,
  itemListQuerySchema,
  searchQuerySchema,
  tradeQuerySchema,
} from '../features/catalog/contract'
import { favoriteCountsQuerySchema } from '../features/favorites/contract'
import {
  subscribeRequestSchema,
  subscriberListQuerySchema,
  tokenRequestSchema,
} from '../features/launch-list/contract'
import {
  createTokenRequestSchema,
  newStockItemRequestSchema,
  shopSettingsRequestSchema,
} from '../features/stock/contract'
import { itemEditRequestSchema, newItemRequestSchema } from '../features/value-ops/contract'
import { controlCharacterProblem, hasControlCharacters, text, textProblem } from './text'

const messageOf = (schema: ReturnType<typeof text>, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message

describe('text rule', () => {
  const bio = text('Bio', { max: 10 })

  it('keeps ordinary text, trimmed, emoji and accents included', () => {
    expect(bio.parse('  héllo 🔥  ')).toBe('héllo 🔥')
    expect(text('Password', { max: 10, trim: false }).parse(' pass ')).toBe(' pass ')
  })

  it('refuses the NUL character anywhere, with a readable message', () => {
    for (const value of ['\u0000', 'a\u0000b', 'ab\u0000', '\u0000'.repeat(50)]) {
      expect(messageOf(bio, value), JSON.stringify(value)).toBe('Bio cannot contain the NUL character')
    }
  })

  it('refuses lone surrogate halves (malformed Unicode), keeps surrogate pairs', () => {
    for (const value of ['\ud800', 'a\udc00', '\ud83d', 'x\udfff\ud800y']) {
      expect(messageOf(bio, value), JSON.stringify(value)).toBe(
        'Bio contains a broken character (invalid Unicode)',
      )
    }
    expect(bio.parse('🔥\ud83d\ude00')).toBe('🔥😀')
  })

  it('refuses what is not a string, and says when it is missing', () => {
    for (const value of [42, true, null, [], ['a'], {}, Number.POSITIVE_INFINITY]) {
      expect(messageOf(bio, value), JSON.stringify(value)).toBe('Bio must be text')
    }
    expect(messageOf(bio, undefined)).toBe('Bio is required')
  })

  it('bounds the length after trimming, with the given messages', () => {
    expect(messageOf(bio, 'a'.repeat(11))).toBe('Bio must be 10 characters or less')
    expect(bio.parse(` ${'a'.repeat(10)} `)).toHaveLength(10)
    const name = text('Name', { min: 1, max: 5, messages: { tooShort: 'Enter a name', tooLong: 'Too long' } })
    expect(messageOf(name, '   ')).toBe('Enter a name')
    expect(messageOf(name, 'abcdef')).toBe('Too long')
    expect(messageOf(name, 'x'.repeat(1 << 20))).toBe('Too long')
  })

  it('gives one message for bad text, not a length complaint too', () => {
    expect(bio.safeParse(`\u0000${'a'.repeat(100)}`).error?.issues).toHaveLength(1)
  })

  it('textProblem names the field', () => {
    expect(textProblem('ok', 'email')).toBeNull()
    expect(textProblem('a\u0000', 'email')).toBe('email cannot contain the NUL character')
  })
})

/** Every text field a client sends, in every request contract: [field, schema, a request with `value` there]. */
type TextField = [string, z.ZodType, (value: string) => unknown]
const requestTextFields: TextField[] = [
  ['POST /api/profile/username username', usernameBodySchema, (v) => ({ username: v })],
  ['PATCH /api/profile displayName', profileUpdateSchema, (v) => ({ displayName: v })],
  ['PATCH /api/profile bio', profileUpdateSchema, (v) => ({ bio: v })],
  ...SOCIAL_KEYS.map(
    (key) =>
      [
        `PATCH /api/profile socialLinks.${key}`,
        profileUpdateSchema,
        (v: string) => ({ socialLinks: { [key]: v } }),
      ] satisfies TextField,
  ),
  ['launch-list email', subscribeRequestSchema, (v) => ({ email: `${v}@example.com` })],
  ['launch-list token', tokenRequestSchema, (v) => ({ token: v.padEnd(43, 'a') })],
  ['admin launch-list page', subscriberListQuerySchema, (v) => ({ page: `1${v}` })],
  ['items search', itemListQuerySchema, (v) => ({ search: `kitsune${v}` })],
  ['items category', itemListQuerySchema, (v) => ({ category: v })],
  ['items rarity', itemListQuerySchema, (v) => ({ rarity: v })],
  ['items page', itemListQuerySchema, (v) => ({ page: `1${v}` })],
  ['items pageSize', itemListQuerySchema, (v) => ({ pageSize: `1${v}` })],
  ['items ids', itemListQuerySchema, (v) => ({ ids: `kitsune,${v}` })],
  ['site search', searchQuerySchema, (v) => ({ search: `kitsune${v}` })],
  ['site search limit', searchQuerySchema, (v) => ({ search: 'a', limit: `1${v}` })],
  ['history limit', historyQuerySchema, (v) => ({ limit: `1${v}` })],
  ['trade give', tradeQuerySchema, (v) => ({ give: `kitsune${v}` })],
  ['trade get', tradeQuerySchema, (v) => ({ get: `kitsune${v}` })],
  ['favorite counts ids', favoriteCountsQuerySchema, (v) => ({ ids: `kitsune${v}` })],
]

describe('every text field of the request contracts uses the rule', () => {
  it.each(requestTextFields)(
    "%s refuses NUL and lone surrogates with the rule's message",
    (_name, schema, build) => {
      for (const bad of ['a\u0000b', '\ud800']) {
        const result = schema.safeParse(build(bad))
        expect(result.success, JSON.stringify(bad)).toBe(false)
        expect(result.error?.issues[0]?.message).toMatch(
          /cannot contain the NUL character|broken character|Username can only/,
        )
      }
    },
  )
})

/** A line break, a terminal escape code (red text), the right-to-left override, a zero-width space. */
const CONTROL_NAMES = ['Bad\r\nName', 'Bad\u001b[31mName', 'Bad\u202eemaN', 'Bad\u200bName', 'Tab\tName']

describe('the names rule: no control or format characters', () => {
  const name = text('name', { max: 50, noControlCharacters: true })

  it('refuses control and format characters anywhere, saying so', () => {
    for (const bad of CONTROL_NAMES) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true)
      expect(messageOf(name, bad), JSON.stringify(bad)).toBe('name cannot contain control characters')
      expect(controlCharacterProblem(bad, 'merchantName')).toBe(
        'merchantName cannot contain control characters',
      )
    }
  })

  it('keeps accents, emoji, apostrophes and other scripts; text without the option keeps its line breaks', () => {
    for (const good of ['Crème Brûlée', 'Dragon 🐉', 'Traveler’s Axe', 'Кицунэ', 'ドラゴン']) {
      expect(name.parse(good)).toBe(good)
      expect(controlCharacterProblem(good, 'name')).toBeNull()
    }
    expect(text('Bio', { max: 50 }).parse('two\nlines')).toBe('two\nlines')
  })

  const nameFields: TextField[] = [
    ['PATCH /api/profile displayName', profileUpdateSchema, (v) => ({ displayName: v })],
    ['POST /api/admin/items/:game name', newItemRequestSchema, (v) => ({ name: v, reason: 'r' })],
    ['PATCH /api/admin/items/:game/:item name', itemEditRequestSchema, (v) => ({ name: v, reason: 'r' })],
    [
      'PATCH /api/admin/items/:game/:item aliases',
      itemEditRequestSchema,
      (v) => ({ aliases: [v], reason: 'r' }),
    ],
    ['PATCH /api/admin/items/:game/:item rarity', itemEditRequestSchema, (v) => ({ rarity: v, reason: 'r' })],
    [
      'POST /api/stock/:game/items name',
      newStockItemRequestSchema,
      (v) => ({ name: v, category: 'c', rarity: 'r' }),
    ],
    ['POST /api/stock/:game/tokens name', createTokenRequestSchema, (v) => ({ name: v })],
    ['PATCH /api/stock/:game/shops/:shop name', shopSettingsRequestSchema, (v) => ({ name: v })],
  ]
  it.each(nameFields)('%s follows the names rule', (_name, schema, build) => {
    for (const bad of CONTROL_NAMES) {
      const result = schema.safeParse(build(bad))
      expect(result.success, JSON.stringify(bad)).toBe(false)
      expect(result.error?.issues[0]?.message).toMatch(/cannot contain control characters$/)
    }
    expect(schema.safeParse(build('Fine Name')).success).toBe(true)
  })
})
