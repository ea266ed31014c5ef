import { describe, expect, it } from 'vitest'
import { createSlicedQueue, nextTask } from './tasks'

describe('createSlicedQueue', () => {
  it('runs callbacks in order, a few per task, so that other tasks run between them', async () => {
    const run = createSlicedQueue({ first: 4 })
    const order: string[] = []
    const done = new Promise<void>((resolve) => {
      for (let i = 1; i <= 10; i++) run(() => order.push(String(i)))
      run(resolve)
    })
    nextTask(() => order.push('another task'))
    await done
    expect(order).toEqual(['1', '2', '3', '4', 'another task', '5', '6', '7', '8', '9', '10'])
  })

  it('goes on after a callback that throws', async () => {
    const run = createSlicedQueue()
    const ran: number[] = []
    const thrown = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve))
    const done = new Promise<void>((resolve) => {
      run(() => ran.push(1))
      run(() => {
        throw new Error('a component failed')
      })
      run(() => ran.push(3))
      run(resolve)
    })
    await done
    expect(ran).toEqual([1, 3])
    expect(await thrown).toMatchObject({ message: 'a component failed' })
  })
})
