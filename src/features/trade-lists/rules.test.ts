import { describe, expect, it } from 'vitest'
import { MAX_QUANTITY } from '@/features/catalog/wfl'
import { TRADING_LIMITS } from '@/features/trading/rules'
import { TRADE_LIST_LIMITS } from './rules'

describe('trade list limits', () => {
  it("a list's quantity is the calculator's and the marketplace's (the pages read it without the calculator)", () => {
    expect(TRADE_LIST_LIMITS.maxQuantity).toBe(MAX_QUANTITY)
    expect(TRADE_LIST_LIMITS.maxQuantity).toBe(TRADING_LIMITS.maxQuantity)
  })
})
