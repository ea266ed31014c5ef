/**
 * The server's stop, as requests see it. First `drain`: the server still serves, but /api/health
 * answers 503 so a load balancer stops sending (docs/decisions/044-graceful-drain.md). Then an event
 * stream, registered with `hold`, ends when `signal` aborts; `endStreams` aborts it and waits (at most
 * `graceMs`) for every held stream to close, so a deploy never cuts a stream mid-event.
 */
export class Shutdown {
  private readonly controller = new AbortController()
  private readonly open = new Set<Promise<unknown>>()
  private drainBegun = false

  /** The stop has begun: this instance is no longer ready for new traffic (health answers 503). */
  get draining(): boolean {
    return this.drainBegun
  }

  /** Begins the stop: from now on `draining` is true. */
  drain(): void {
    this.drainBegun = true
  }

  /** Aborts when the server begins to stop. */
  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** Keeps `closed` (a stream's end) among the answers the server waits for when it stops. */
  hold(closed: Promise<unknown>): void {
    const tracked = closed.finally(() => this.open.delete(tracked))
    this.open.add(tracked)
  }

  /** How many held streams are still open. */
  get openStreams(): number {
    return this.open.size
  }

  /** Tells every stream to end; resolves when they have, or after `graceMs`, with how many were left. */
  async endStreams(graceMs: number): Promise<number> {
    this.drainBegun = true
    this.controller.abort()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs)
    })
    await Promise.race([Promise.allSettled([...this.open]), timeout])
    clearTimeout(timer)
    return this.open.size
  }
}
