import { describe, expect, it } from 'vitest'
import type { Watch } from '@/features/alerts/contract'
import {
  changeWatch,
  EMPTY_RULE_FORM,
  guessWatch,
  hasRestocks,
  putWatch,
  ruleRequest,
  watchAllRequest,
} from './view'

const watch = (item: string, over: Partial<Watch> = {}): Watch => ({
  game: 'grow-a-garden',
  item,
  name: item,
  category: 'seed',
  rarity: 'Rare',
  restock: true,
  value: true,
  email: true,
  discord: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
})

describe('what one tap watches', () => {
  it('watches restocks and value changes of an item a shop sells', () => {
    expect(watchAllRequest({ game: 'grow-a-garden', category: 'seed' })).toEqual({
      restock: true,
      value: true,
    })
    expect(watchAllRequest({ game: 'blox-fruits', category: 'fruit' })).toEqual({
      restock: true,
      value: true,
    })
  })
  it('watches only value changes of an item no shop sells, or of a game without stock', () => {
    expect(watchAllRequest({ game: 'grow-a-garden', category: 'pet' })).toEqual({ value: true })
    expect(watchAllRequest({ game: 'blox-fruits', category: null })).toEqual({ value: true })
    expect(watchAllRequest({ game: 'adopt-me', category: 'egg' })).toEqual({ value: true })
    expect(hasRestocks('adopt-me', 'egg')).toBe(false)
  })
  it('guesses the watch the server will answer, e-mail and Discord on by default', () => {
    const now = new Date('2026-03-01T12:00:00.000Z')
    const target = { game: 'adopt-me', item: 'frost-dragon', name: 'Frost Dragon', category: 'pet' }
    expect(guessWatch(target, { value: true }, now)).toEqual({
      ...target,
      rarity: null,
      restock: false,
      value: true,
      email: true,
      discord: true,
      createdAt: now.toISOString(),
    })
  })
})

describe('the cached watchlist', () => {
  const list = { watches: [watch('carrot'), watch('beanstalk')] }
  it('adds a new watch first, replaces one, removes one, and leaves the list alone for a missing one', () => {
    expect(putWatch(list, 'grow-a-garden', 'tomato', watch('tomato')).watches.map((w) => w.item)).toEqual([
      'tomato',
      'carrot',
      'beanstalk',
    ])
    const replaced = putWatch(list, 'grow-a-garden', 'beanstalk', watch('beanstalk', { value: false }))
    expect(replaced.watches[1]?.value).toBe(false)
    expect(replaced.watches).toHaveLength(2)
    expect(putWatch(list, 'grow-a-garden', 'carrot', null).watches.map((w) => w.item)).toEqual(['beanstalk'])
    expect(putWatch(list, 'blox-fruits', 'carrot', null)).toBe(list)
  })
  it('a partial change keeps the rest; with neither kind left the watch is gone', () => {
    expect(changeWatch(watch('carrot'), { email: false })).toEqual(watch('carrot', { email: false }))
    expect(changeWatch(watch('carrot', { value: false }), { restock: false })).toBeNull()
  })
})

describe('the rule form', () => {
  it('sends only the conditions given, the odds as a number', () => {
    expect(
      ruleRequest('grow-a-garden', { ...EMPTY_RULE_FORM, rarity: 'Prismatic', category: 'seed' }),
    ).toEqual({
      game: 'grow-a-garden',
      category: 'seed',
      rarity: 'Prismatic',
    })
    expect(ruleRequest('blox-fruits', { ...EMPTY_RULE_FORM, shop: 'mirage', rarerThan: ' 50 ' })).toEqual({
      game: 'blox-fruits',
      shop: 'mirage',
      rarerThan: 50,
    })
    expect(ruleRequest('blox-fruits', EMPTY_RULE_FORM)).toEqual({ game: 'blox-fruits' })
  })
})
