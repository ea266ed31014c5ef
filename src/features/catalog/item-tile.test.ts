import { describe, expect, it } from 'vitest'
import { tileHue } from './item-tile'

describe('tileHue', () => {
  it('gives the known rarities their hue, and others one from their name', () => {
    expect(tileHue('Legendary')).toBe(38)
    expect(tileHue(null)).toBe(215)
    expect(tileHue('S+')).toBe(tileHue('S+'))
  })

  it('gives a rarity named like a built-in property of every object a hue from its name', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
      const hue = tileHue(name)
      expect(Number.isInteger(hue) && hue >= 0 && hue < 360, `${name}: ${String(hue)}`).toBe(true)
    }
  })
})
