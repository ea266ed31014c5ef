import { describe, expect, it } from 'vitest'
import { isOwnKey, ownValue } from './lookup'

/** Names every plain object answers to without having them. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']

describe('own-entry lookups', () => {
  const table: Record<string, number> = { rain: 1, 'doing well': 2 }

  it('find the own entries', () => {
    expect(ownValue(table, 'rain')).toBe(1)
    expect(ownValue(table, 'doing well')).toBe(2)
    expect(isOwnKey(table, 'rain')).toBe(true)
  })

  it('never find what every object inherits', () => {
    for (const name of PROTOTYPE_NAMES) {
      expect(ownValue(table, name), name).toBeUndefined()
      expect(isOwnKey(table, name), name).toBe(false)
    }
  })

  it('find an entry named like a built-in when the table has it as its own', () => {
    const parsed = JSON.parse('{"__proto__": 3, "constructor": 4}') as Record<string, number>
    expect(ownValue(parsed, '__proto__')).toBe(3)
    expect(ownValue(parsed, 'constructor')).toBe(4)
  })
})
