import { describe, expect, it } from 'vitest'
import { authMessage } from './auth-messages'

describe('authMessage', () => {
  it('says a known code in words, and otherwise the server’s own message', () => {
    expect(authMessage('INVALID_PASSWORD', 'Invalid password')).toBe('Wrong password.')
    expect(authMessage('SOMETHING_NEW', 'Something new happened')).toBe('Something new happened')
    expect(authMessage(undefined, 'Email is the same')).toBe('That is already your e-mail address.')
  })

  it('an address’s error code named like a built-in property of every object is not a known code', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
      expect(authMessage(name, ''), name).toBe('')
      expect(authMessage(undefined, name), name).toBe(name)
    }
  })
})
