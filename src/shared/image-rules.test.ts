import { describe, expect, it } from 'vitest'
import { IMAGE_MESSAGES, imageSizeProblem } from './image-rules'

describe('imageSizeProblem', () => {
  it('accepts up to 4096 px a side and up to 8 times as long as wide, either way round', () => {
    for (const [width, height] of [
      [1, 1],
      [4096, 4096],
      [4096, 512],
      [512, 4096],
      [8, 1],
      [1, 8],
      [1170, 2532],
    ] as const)
      expect(imageSizeProblem(width, height), `${width} × ${height}`).toBeNull()
  })

  it('refuses a side over 4096 px, then a shape longer than 1:8, with their messages', () => {
    expect(imageSizeProblem(4097, 4000)).toBe(IMAGE_MESSAGES.tooLarge)
    expect(imageSizeProblem(4000, 4097)).toBe(IMAGE_MESSAGES.tooLarge)
    expect(imageSizeProblem(1, 16_000_000)).toBe(IMAGE_MESSAGES.tooLarge)
    expect(imageSizeProblem(9, 1)).toBe(IMAGE_MESSAGES.tooThin)
    expect(imageSizeProblem(100, 900)).toBe(IMAGE_MESSAGES.tooThin)
    expect(imageSizeProblem(4096, 511)).toBe(IMAGE_MESSAGES.tooThin)
    expect(imageSizeProblem(0, 10)).toBe(IMAGE_MESSAGES.tooThin)
    expect(IMAGE_MESSAGES.tooLarge).toBe('The image must be at most 4096 × 4096 pixels')
  })
})
