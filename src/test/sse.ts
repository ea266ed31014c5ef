/** One Server-Sent Event as a client reads it. */
export interface ReadEvent {
  id?: string
  event?: string
  data: string
}

/**
 * Reads the events of a `text/event-stream` answer one at a time (comments and `retry:` lines are
 * skipped). `next` rejects with "stream ended" when the server closes the stream.
 */
export function readEvents(res: Response) {
  if (!res.body) throw new Error('the answer has no body')
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const queue: ReadEvent[] = []
  const parse = (block: string) => {
    const event: ReadEvent = { data: '' }
    const data: string[] = []
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':')
      if (colon === 0) continue
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'id') event.id = value
      else if (field === 'event') event.event = value
      else if (field === 'data') data.push(value)
    }
    if (data.length === 0) return
    event.data = data.join('\n')
    queue.push(event)
  }
  return {
    async next(): Promise<ReadEvent> {
      while (queue.length === 0) {
        const { value, done } = await reader.read()
        if (done) throw new Error('stream ended')
        buffer += value
        let end = buffer.indexOf('\n\n')
        while (end !== -1) {
          parse(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
        }
      }
      return queue.shift()!
    },
    close: () => reader.cancel(),
  }
}
