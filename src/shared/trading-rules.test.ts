import { describe, expect, it } from 'vitest'
import { TRADING_LIMITS } from './trading-rules'
import { MAX_QUANTITY } from './wfl'

describe('the marketplace limits', () => {
  it("take the calculator's quantity limit (an ad holds what the calculator can hold)", () => {
    expect(TRADING_LIMITS.maxQuantity).toBe(MAX_QUANTITY)
  })
})
