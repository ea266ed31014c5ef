import { describe, expect, it } from 'vitest'
import { messageAuthor } from './message-author'

describe('messageAuthor', () => {
  it('labels the reader\'s own messages "You", whatever their part', () => {
    expect(messageAuthor({ author: 'seller', role: 'respondent' }, 'seller')).toEqual({
      name: 'You',
      part: null,
    })
    expect(messageAuthor({ author: 'buyer', role: 'opener' }, 'buyer')).toEqual({ name: 'You', part: null })
    expect(messageAuthor({ author: 'mod_1', role: 'moderator' }, 'mod_1')).toEqual({
      name: 'You',
      part: null,
    })
  })

  it("names the others with their part: the reader's other trader, a middleman, another moderator", () => {
    expect(messageAuthor({ author: 'seller', role: 'respondent' }, 'buyer')).toEqual({
      name: 'seller',
      part: 'other trader',
    })
    expect(messageAuthor({ author: 'buyer', role: 'opener' }, 'seller')).toEqual({
      name: 'buyer',
      part: 'opened the dispute',
    })
    expect(messageAuthor({ author: 'mod_2', role: 'moderator' }, 'mod_1')).toEqual({
      name: 'mod_2',
      part: 'moderator',
    })
  })

  it('a deleted account is never the reader, even a reader without a username', () => {
    expect(messageAuthor({ author: null, role: null }, null)).toEqual({
      name: 'A deleted account',
      part: null,
    })
    expect(messageAuthor({ author: null, role: 'respondent' }, null)).toEqual({
      name: 'A deleted account',
      part: 'other trader',
    })
  })
})
