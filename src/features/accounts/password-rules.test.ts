import { describe, expect, it } from 'vitest'
import { passwordProblems, weakPasswordMessage } from './password-rules'

describe('passwordProblems', () => {
  it('accepts a reasonable password', () => {
    expect(passwordProblems('Trade-h4rd!', 'sam@example.com')).toEqual([])
    expect(passwordProblems('correct horse battery 7')).toEqual([])
  })
  it('gives each reason a weak password breaks', () => {
    expect(passwordProblems('abc')).toEqual([
      'use at least 8 characters',
      'mix letters with digits or symbols (or upper and lower case)',
    ])
    expect(passwordProblems('Password123')).toEqual(['avoid a common password'])
    expect(passwordProblems('aaaaaaaaaaaa')).toContain('avoid repeating one character')
    expect(passwordProblems('Sammy-2024!', 'sammy@example.com')).toEqual([
      'do not use your e-mail address in it',
    ])
    expect(passwordProblems('a1'.repeat(65))).toEqual(['use at most 128 characters'])
  })
  it('reads as one sentence', () => {
    expect(weakPasswordMessage(['use at least 8 characters', 'avoid a common password'])).toBe(
      'Password is too weak: use at least 8 characters; avoid a common password.',
    )
  })
})
