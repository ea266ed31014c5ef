import { describe, expect, it } from 'vitest'
import { hasStaffWord } from './kept-names'

describe('hasStaffWord: "middleman", "TradeHub" and "staff" however written', () => {
  it('finds them anywhere, in any case, script or look-alike letters', () => {
    for (const name of [
      'probemiddleman',
      'TradeHub Middleman',
      'MIDDLEMAN',
      'MlDDLEMAN', // a small l among capitals
      'Midd1eman',
      'rniddleman',
      'tradehub_deals',
      'TRADEHUB',
      'Official Staff',
      'STAFF',
      'ｓｔａｆｆ',
      '\u0405taff', // a Cyrillic Ѕ
      'sta\uFB00', // the ff ligature
    ])
      expect(hasStaffWord(name), name).toBe(true)
  })
  it('reads "middleman" and "TradeHub" across spaces and signs', () => {
    for (const name of ['Trade Hub', 'trade_hub', 'MIDDLE-MAN Joe', 'middle.man'])
      expect(hasStaffWord(name), name).toBe(true)
  })
  it('lets other names pass, "staff" split by a space too', () => {
    for (const name of ['Best Affair', 'trade_hut', 'Middle Earth', 'Kitsune King', 'stuff', 'tradehall'])
      expect(hasStaffWord(name), name).toBe(false)
  })
})
