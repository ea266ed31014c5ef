import type { Services, Started } from '@/platform/server/context'
import { LoopWorker } from '@/platform/server/lib/wake-loop'
import { ensureImportRows, type ImportDeps, importDepsOf, runDueImports } from './imports'

/** How often each instance looks for a due import (cheap: one UPDATE per game that claims nothing). */
export const IMPORT_POLL_MS = 60_000

/**
 * The hourly official price import, on every instance: each round claims the games whose run is due
 * (a lease in the database, so one instance imports a game at a time) and imports them.
 */
export class ImportWorker extends LoopWorker {
  constructor(private readonly deps: ImportDeps & { pollMs?: number }) {
    super({
      pollMs: deps.pollMs ?? IMPORT_POLL_MS,
      logger: deps.logger,
      failure: 'official price import round failed',
    })
  }

  protected drain(loop: { readonly stopped: boolean }): Promise<void> {
    return runDueImports(this.deps, loop)
  }

  override async start(): Promise<void> {
    await ensureImportRows(this.deps.db)
    await super.start()
  }
}

/** Starts the schedule, unless VALUE_IMPORT_INTERVAL_MINUTES is 0 (Import now works either way). */
export async function startImportSchedule(services: Services): Promise<Started | undefined> {
  if (services.env.VALUE_IMPORT_INTERVAL_MINUTES === 0) {
    services.logger.info('official price import schedule off (VALUE_IMPORT_INTERVAL_MINUTES=0)')
    return undefined
  }
  const worker = new ImportWorker(importDepsOf(services))
  await worker.start()
  return worker
}
