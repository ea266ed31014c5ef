import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { blackPng } from '@/test/images'
import { AppError } from './errors'
import { checkImage, encodeSquareWebp, type ImageRefusals, withImageSlot } from './images'

/** A promise the test settles itself. */
function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const refusals: ImageRefusals = {
  notImage: 'not an image',
  refuse: (message) => new AppError('VALIDATION_FAILED', message),
}

describe('withImageSlot', () => {
  it('runs one image job at a time, the next in order when the one before ends (even by failing)', async () => {
    const started: number[] = []
    const gates = [deferred(), deferred(), deferred()]
    const starts = [deferred(), deferred(), deferred()]
    const jobs = gates.map((gate, i) =>
      withImageSlot(async () => {
        started.push(i)
        starts[i]!.resolve()
        await gate.promise
        return i
      }),
    )
    expect(started).toEqual([0])
    gates[0]!.reject(new Error('a picture that does not decode'))
    await expect(jobs[0]).rejects.toThrow('a picture that does not decode')
    await starts[1]!.promise
    expect(started).toEqual([0, 1])
    gates[1]!.resolve()
    expect(await jobs[1]).toBe(1)
    await starts[2]!.promise
    expect(started).toEqual([0, 1, 2])
    gates[2]!.resolve()
    expect(await jobs[2]).toBe(2)
    // The slot is free again: a new job starts at once.
    const free = withImageSlot(async () => started.push(3))
    expect(started).toEqual([0, 1, 2, 3])
    await free
  })

  it('refuses a job with a 503 and Retry-After while 16 are waiting, and takes jobs again after', async () => {
    const gate = deferred()
    const held = Array.from({ length: 17 }, () => withImageSlot(() => gate.promise))
    const refused = await withImageSlot(async () => 'never').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({
      status: 503,
      message: 'The server is busy with other pictures. Please try again in a minute.',
      options: { retryAfterSeconds: 60 },
    })
    gate.resolve()
    await Promise.all(held)
    expect(await withImageSlot(async () => 'taken')).toBe('taken')
  })
})

describe('checkImage and encodeSquareWebp', () => {
  it('reads the sides of a 1 × 16,000,000 px PNG from its header and refuses it without decoding', async () => {
    const tall = blackPng(1, 16_000_000)
    const started = performance.now()
    await expect(checkImage(tall, refusals)).rejects.toThrow('The image must be at most 4096 × 4096 pixels')
    console.info(`a 1 × 16,000,000 px PNG refused in ${(performance.now() - started).toFixed(1)} ms`)
  })

  it('refuses a header claiming 60,000 × 60,000 px by its sides, and bytes that are no picture as such', async () => {
    const bomb = blackPng(1, 1)
    bomb.writeUInt32BE(60_000, 16)
    bomb.writeUInt32BE(60_000, 20)
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29)
    await expect(checkImage(bomb, refusals)).rejects.toThrow('The image must be at most 4096 × 4096 pixels')
    await expect(checkImage(new TextEncoder().encode('GIF89a'), refusals)).rejects.toThrow('not an image')
    await expect(checkImage(blackPng(4, 4).subarray(0, 20), refusals)).rejects.toThrow('not an image')
  })

  it('encodes a checked picture at each size, one after another', async () => {
    const image = await checkImage(blackPng(4096, 512), refusals)
    expect(image).toMatchObject({ format: 'png', width: 4096, height: 512 })
    const pictures = await encodeSquareWebp(image, [128, 256], 'contain', refusals)
    for (const [i, size] of [128, 256].entries())
      expect(await sharp(pictures[i]).metadata()).toMatchObject({ format: 'webp', width: size, height: size })
  })
})
