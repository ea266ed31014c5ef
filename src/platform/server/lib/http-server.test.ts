import { once } from 'node:events'
import { Agent, type IncomingMessage, request, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type AppServer, createAppServer } from './http-server'
import { serveApp } from './shared-answers'

const servers: AppServer[] = []
const agents: Agent[] = []
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy()
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

/** A server whose every request waits in `parked` until the test answers it. */
async function parkingServer() {
  const parked: ServerResponse[] = []
  const arrived: (() => void)[] = []
  const server = createAppServer((_req, res) => {
    parked.push(res)
    arrived.shift()?.()
  })
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const keepAlive = () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    agents.push(agent)
    return agent
  }
  const agent = keepAlive()
  return {
    server,
    parked,
    /** Resolves once the server holds one more request. */
    next: () => new Promise<void>((resolve) => arrived.push(resolve)),
    /** Another client, with its own keep-alive connection. */
    keepAlive,
    get: (path = '/', via = agent) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        request(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { agent: via }, resolve)
          .on('error', reject)
          .end()
      }),
  }
}

describe('the Node server', () => {
  it("keeps idle connections open longer than a reverse proxy's idle timeout: keep-alive 65 s, headers 66 s", async () => {
    const server = serveApp(() => new Response('ok'), { port: 0, hostname: '127.0.0.1' })
    servers.push(server as AppServer)
    await once(server, 'listening')
    expect(server.keepAliveTimeout).toBe(65_000)
    expect(server.headersTimeout).toBe(66_000)
  })

  it('while draining, every answer closes its connection, one already in progress too, and new requests are still served', async () => {
    const s = await parkingServer()
    const arrived = s.next()
    const inProgress = s.get('/slow')
    await arrived
    s.server.drain()
    s.parked[0]!.end('done')
    const answer = await inProgress
    expect(answer.headers.connection).toBe('close')
    answer.resume()

    const later = s.next()
    const fresh = s.get('/after')
    await later
    s.parked[1]!.end('served')
    const freshAnswer = await fresh
    expect(freshAnswer.statusCode).toBe(200)
    expect(freshAnswer.headers.connection).toBe('close')
    freshAnswer.resume()
  })

  it('closes as soon as the last answer has ended: an idle keep-alive connection and one whose head went out before are not waited for', async () => {
    const s = await parkingServer()
    // A keep-alive connection left idle by an answered request.
    let arrived = s.next()
    const first = s.get('/first')
    await arrived
    s.parked[0]!.end('one')
    const firstAnswer = await first
    expect(firstAnswer.headers.connection).toBe('keep-alive')
    firstAnswer.resume()
    await once(firstAnswer, 'end')

    // An answer that has begun (its head says keep-alive) and is still being written.
    arrived = s.next()
    const streaming = s.get('/stream', s.keepAlive())
    await arrived
    s.parked[1]!.writeHead(200, { 'content-type': 'text/plain' })
    s.parked[1]!.write('part')
    const streamAnswer = await streaming
    expect(streamAnswer.headers.connection).toBe('keep-alive')
    streamAnswer.resume()

    const closed = s.server.closeWhenIdle()
    s.parked[1]!.end('end')
    // Without closing its connections the server would wait for their 65 s keep-alive timeout.
    await closed
    expect(s.server.listening).toBe(false)
  })
})
