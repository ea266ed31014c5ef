import { describe, expect, it } from 'vitest'
import { looksAlike, nameSkeleton } from './name-skeleton'

const alike = (a: string, b: string) => expect(nameSkeleton(a), `${a} / ${b}`).toBe(nameSkeleton(b))
const unlike = (a: string, b: string) => expect(nameSkeleton(a), `${a} / ${b}`).not.toBe(nameSkeleton(b))

describe('nameSkeleton: names that look alike share it', () => {
  it('letters of other scripts that look like Latin ones (a Cyrillic о, Greek capitals)', () => {
    alike('P_BOB', 'p_b\u043Eb')
    alike('P_BOB', '\u0420_\u0412\u041E\u0412')
    alike('PAY', '\u03A1\u0391\u03A5')
    alike('sam_trades', '\u0455\u0430m_trades')
  })

  it('case, in any script', () => {
    alike('P_BOB', 'p_bob')
    alike('Émile Échange', 'émile ÉCHANGE')
  })

  it('digits and letters read alike (0 and O, 1 and l), capital I and small l, rn and m', () => {
    alike('B0B', 'bob')
    alike('Bi11', 'Bill')
    alike('BiII', 'Bill')
    alike('Storm', 'Storrn')
  })

  it('fullwidth and other compatibility forms, and accents written as one character or two', () => {
    alike('\uFF30_\uFF22\uFF2F\uFF22', 'P_BOB')
    alike('Jos\u00E9', 'Jose\u0301')
  })

  it('names that only share letters stay apart, and accents still count', () => {
    unlike('P_BOB', 'P_ROB')
    unlike('Kitsune King', 'Kitsune Queen')
    unlike('José', 'Jose')
    unlike('Look Alike', 'LookAlike')
  })

  it('is what it gives: a skeleton is its own skeleton', () => {
    for (const name of ['P_BOB', 'p_b\u043Eb', 'BiII', '\uFF30_\uFF22\uFF2F\uFF22', 'Ｍ', 'ǅ']) {
      expect(nameSkeleton(nameSkeleton(name)), name).toBe(nameSkeleton(name))
    }
  })
})

describe('looksAlike: names that must not pass for another', () => {
  it('meets a name in any case and in look-alike letters, a capital I too', () => {
    expect(looksAlike('Ivan_MM', 'ivan_mm')).toBe(true)
    expect(looksAlike('Ivan_MM', 'lvan_mm')).toBe(true)
    expect(looksAlike('Holder_12', 'h0lder_l2')).toBe(true)
    expect(looksAlike('mm_trades', 'rnrn_trades')).toBe(true)
  })
  it('keeps other names apart', () => {
    expect(looksAlike('ivan_mm', 'lvan_mm')).toBe(false)
    expect(looksAlike('Holder_12', 'Holder_13')).toBe(false)
  })
})
