/**
 * Hooks: how a lower feature lets higher ones take part without knowing them (docs/architecture.md,
 * "Direction"). The lower feature declares a hook in its public entry, an event it publishes or facts it
 * collects; a higher feature implements it in its manifest (`hooks: [implement(hook, fn)]`). The lower
 * feature calls `callHook`, which runs every implementation in start order and returns their results.
 * The platform installs the implementations of every manifest once, when it lists the features.
 */
import type { Db } from './db/client'
import type { ReadCache } from './lib/read-cache'

/** What an event hook gets to work with: the database (or the open transaction) and the read cache. */
export interface HookDeps {
  db: Db
  cache: ReadCache
}

export interface Hook<Args extends unknown[], Result> {
  readonly name: string
  /** Never set: carries the types. */
  readonly types?: (...args: Args) => Result
}

export interface HookImplementation {
  readonly hook: string
  readonly run: (...args: never[]) => unknown
}

export const defineHook = <Args extends unknown[], Result = void>(name: string): Hook<Args, Result> => ({
  name,
})

export const implement = <Args extends unknown[], Result>(
  hook: Hook<Args, Result>,
  run: (...args: Args) => Result | Promise<Result>,
): HookImplementation => ({ hook: hook.name, run: run as HookImplementation['run'] })

const installed = new Map<string, HookImplementation['run'][]>()

/** Called once with every feature's hooks (platform/server/features.ts). */
export function installHooks(implementations: readonly HookImplementation[]): void {
  installed.clear()
  for (const { hook, run } of implementations) installed.set(hook, [...(installed.get(hook) ?? []), run])
}

/** Runs each implementation of the hook in turn, awaiting each, and returns their results. */
export async function callHook<Args extends unknown[], Result>(
  hook: Hook<Args, Result>,
  ...args: Args
): Promise<Awaited<Result>[]> {
  const results: Awaited<Result>[] = []
  for (const run of installed.get(hook.name) ?? [])
    results.push(await (run as (...a: Args) => Result)(...args))
  return results
}
