import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { TradeMessage } from '@/features/trading/contract'
import { addMessage, offerKeys } from './offers-api'

const message = (id: number, offerId = 4): TradeMessage => ({
  id,
  offerId,
  author: 'owner',
  username: 'ada',
  body: `message ${id}`,
  createdAt: '2026-11-26T12:00:00.000Z',
})

describe("a conversation's cached messages", () => {
  it('take a new message once, however many times it comes (the live event and the answer to sending it)', () => {
    const client = new QueryClient()
    client.setQueryData(offerKeys.messages(4), { messages: [message(1)] })
    expect(addMessage(client, message(2))).toBe(true)
    expect(addMessage(client, message(2))).toBe(false)
    expect(
      client.getQueryData<{ messages: TradeMessage[] }>(offerKeys.messages(4))?.messages.map((m) => m.id),
    ).toEqual([1, 2])
  })

  it('leave a conversation that is not open alone (it is read whole when it opens)', () => {
    const client = new QueryClient()
    expect(addMessage(client, message(9, 7))).toBe(false)
    expect(client.getQueryData(offerKeys.messages(7))).toBeUndefined()
  })
})
