import { describe, expect, it } from 'vitest'
import { openFilesLimit, parseOpenFilesLimit, streamsForOpenFiles } from './open-files'

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            20000                524288               files
Max locked memory         8388608              8388608              bytes
`

describe('the open-files limit', () => {
  it('reads the soft limit of /proc/<pid>/limits', () => {
    expect(parseOpenFilesLimit(LIMITS)).toBe(20_000)
    expect(parseOpenFilesLimit(LIMITS.replace('20000', 'unlimited'))).toBe(1_048_576)
    expect(parseOpenFilesLimit('Max cpu time  unlimited  unlimited  seconds')).toBeUndefined()
  })

  it("this process's own is a number above zero", () => {
    expect(openFilesLimit()).toBeGreaterThan(0)
  })

  it('leaves a fifth for everything else, at least 256 and at most 4096 descriptors', () => {
    expect(streamsForOpenFiles(1024)).toBe(768)
    expect(streamsForOpenFiles(20_000)).toBe(16_000)
    expect(streamsForOpenFiles(1_048_576)).toBe(1_048_576 - 4096)
    expect(streamsForOpenFiles(100)).toBe(1)
  })
})
