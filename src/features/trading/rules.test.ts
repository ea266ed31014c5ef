import { describe, expect, it } from 'vitest'
import { MAX_QUANTITY } from '../catalog/wfl'
import { TRADING_LIMITS } from './rules'

describe('the marketplace limits', () => {
  it("take the calculator's quantity limit (an ad holds what the calculator can hold)", () => {
    expect(TRADING_LIMITS.maxQuantity).toBe(MAX_QUANTITY)
  })
})
