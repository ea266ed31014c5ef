/**
 * Typed amounts in the calculator: "700M", "1.5k", "2b", "1,500" become a value slot that counts as that
 * many of the game's value units (Beli in Blox Fruits, Sheckles in Grow a Garden, …). What each game's
 * amount is in, and why: docs/decisions/047-calculator-amounts-exact-totals-and-search-words.md.
 * Pure functions with no package imports: this module ships in the browser bundle.
 */
import { formatValueInput, VALUE_SUFFIXES } from '@/shared/format-value'
import type { GameId } from '@/shared/games'

/**
 * What a typed amount is in, per game: the unit the game's values are measured in. Where the values
 * are a currency that is traded (Beli, Sheckles, Diamonds, C$) the amount is that currency; where they
 * are a value scale and the game's currency cannot be traded (Adopt Me's Bucks, MM2's Coins, Anime
 * Adventures' Gems), the amount is in that scale's own units.
 */
export const AMOUNT_UNITS: Readonly<Record<GameId, string>> = {
  'blox-fruits': 'Beli',
  'grow-a-garden': 'Sheckles',
  'adopt-me': 'value units',
  'pet-simulator-99': 'Diamonds',
  'murder-mystery-2': 'value points',
  'anime-adventures': 'value points',
  fisch: 'C$',
  'pets-go': 'Diamonds',
}

/** The unit of a game's amounts ('value units' for a game this list does not know). */
export const amountUnit = (game: string): string =>
  Object.hasOwn(AMOUNT_UNITS, game) ? AMOUNT_UNITS[game as GameId] : 'value units'

/** Amounts are below this (1,000 Dc); the catalog's largest value is 1 Sp (1e24). */
export const MAX_AMOUNT = 1e36
/** Significant digits an amount may hold: beyond them a number no longer keeps every digit. */
export const MAX_AMOUNT_DIGITS = 15
/** Decimals an amount may hold once its suffix is applied (the calculator counts in millionths). */
export const MAX_AMOUNT_DECIMALS = 6

/** What a typed amount reads as: the amount, or why it is none (a sentence for under the box). */
export type ReadAmount = { ok: true; amount: number } | { ok: false; problem: string }

const SUFFIX_TIERS = new Map(VALUE_SUFFIXES.map((suffix, tier) => [suffix.toLowerCase(), tier]))
/** Digits grouped by commas (1,500) or not, an optional fraction (.5), an optional suffix (k, M, Sx). */
const AMOUNT_TEXT = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?\s*([a-z]{1,2})?$/i
const HINT = 'Write an amount as 700M, 1.5K, 2B or 1,500'

/**
 * An amount as a trader types it: `700M`, `1.5k`, `2b`, `1,500`, `0.5`, optionally followed by the
 * game's unit (`700M Beli`). Refused: no digits, a minus sign, an exponent, an unknown suffix, zero, more
 * than MAX_AMOUNT_DIGITS significant digits, more than MAX_AMOUNT_DECIMALS decimals, MAX_AMOUNT or more.
 */
export function readAmount(input: string, unit?: string): ReadAmount {
  let text = input.trim()
  if (unit && text.toLowerCase().endsWith(unit.toLowerCase())) text = text.slice(0, -unit.length).trimEnd()
  const match = text.length > 40 ? null : AMOUNT_TEXT.exec(text)
  if (!match || (match[1] === undefined && match[2] === undefined))
    return { ok: false, problem: `"${input.trim().slice(0, 40)}" is not an amount. ${HINT}.` }
  const [, whole = '', fraction = '', suffix = ''] = match
  const tier = SUFFIX_TIERS.get(suffix.toLowerCase())
  if (tier === undefined) return { ok: false, problem: `"${suffix}" is not a suffix. ${HINT}.` }
  // The amount is `digits` × 10^exponent, exactly.
  const allDigits = `${whole.replaceAll(',', '')}${fraction}`.replace(/^0+/, '')
  const digits = allDigits.replace(/0+$/, '')
  const exponent = tier * 3 - fraction.length + (allDigits.length - digits.length)
  if (digits === '') return { ok: false, problem: 'An amount is more than 0.' }
  if (digits.length > MAX_AMOUNT_DIGITS)
    return { ok: false, problem: `An amount holds at most ${MAX_AMOUNT_DIGITS} significant digits.` }
  if (exponent < -MAX_AMOUNT_DECIMALS)
    return { ok: false, problem: `An amount has at most ${MAX_AMOUNT_DECIMALS} decimals.` }
  const amount = Number(`${digits}e${exponent}`)
  if (!(amount < MAX_AMOUNT)) return { ok: false, problem: 'That amount is too large.' }
  return { ok: true, amount }
}

/** An amount as a slot shows it: the site's notation when exact (700M, 1.5K), else every digit (1,234,567). */
export const formatAmount = (amount: number): string => formatValueInput(amount)

/** An amount with its game's unit: `700M Beli`, `2.5 value units`. */
export const amountLabel = (game: string, amount: number): string =>
  `${formatAmount(amount)} ${amountUnit(game)}`

/** An amount in a share link, after its `$`: the slot's text without commas (`700M`, `1234567`). */
export const amountLinkText = (amount: number): string => formatAmount(amount).replaceAll(',', '')
