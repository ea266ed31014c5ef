import { vi } from 'vitest'
import type { Database } from '@/platform/server/db/client'
import { CACHE_CHANNEL } from '@/platform/server/lib/read-cache'

/** A prefix has no control characters: what may follow one is the writer's own mark, not the prefix. */
function prefixOf(payload: string): string {
  const end = payload.split('').findIndex((c) => c < ' ')
  return end < 0 ? payload : payload.slice(0, end)
}

/**
 * The cache prefixes the other instances hear of `write`, when only what travels in its transaction
 * arrives: a NOTIFY sent on its own after the commit is lost here (as when the connection drops or the
 * process stops between the commit and the send). An invalidation within the write's transaction is
 * delivered with its commit, so it is heard (docs/decisions/043-database-faults.md).
 */
export async function heardWithTheCommit(
  t: { database: Database },
  write: () => Promise<unknown>,
): Promise<string[]> {
  const heard: string[] = []
  const unlisten = await t.database.listen(CACHE_CHANNEL, (payload) => heard.push(prefixOf(payload)))
  const notify = t.database.notify.bind(t.database)
  const sentAfter = vi
    .spyOn(t.database, 'notify')
    .mockImplementation((channel, payload) =>
      channel === CACHE_CHANNEL
        ? Promise.reject(new Error('connection lost after the commit'))
        : notify(channel, payload),
    )
  try {
    await write()
    await t.database.heardAll()
    return heard
  } finally {
    sentAfter.mockRestore()
    await unlisten()
  }
}
