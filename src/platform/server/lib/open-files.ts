import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { LIVE_DESCRIPTOR_HEADROOM } from '@/shared/live-rules'

/** The usual soft limit, assumed when the process's own cannot be read. */
const DEFAULT_OPEN_FILES = 1024
/** What "unlimited" counts as: more descriptors than any one process holds. */
const UNLIMITED_OPEN_FILES = 1_048_576

/** The soft "Max open files" of a /proc/<pid>/limits text; undefined when it has no such line. */
export function parseOpenFilesLimit(limits: string): number | undefined {
  const soft = limits.match(/^Max open files\s+(\S+)/m)?.[1]
  if (soft === undefined) return undefined
  if (soft === 'unlimited') return UNLIMITED_OPEN_FILES
  const n = Number(soft)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

function readOpenFilesLimit(): number {
  // Linux: the process's own limits (Node has raised the soft limit to the hard one at start).
  try {
    const limit = parseOpenFilesLimit(readFileSync('/proc/self/limits', 'utf8'))
    if (limit !== undefined) return limit
  } catch {
    // not Linux: ask a shell, which inherits this process's limits
  }
  try {
    const out = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 2_000 }).stdout?.trim()
    if (out === 'unlimited') return UNLIMITED_OPEN_FILES
    const n = Number(out)
    if (Number.isInteger(n) && n > 0) return n
  } catch {
    // no shell (Windows)
  }
  return DEFAULT_OPEN_FILES
}

let cached: number | undefined

/** The process's soft limit of open file descriptors (`ulimit -n`), read once. */
export function openFilesLimit(): number {
  cached ??= readOpenFilesLimit()
  return cached
}

/**
 * How many event streams a process with `limit` descriptors may hold: each holds one, and a share is
 * kept for the database, files and ordinary requests (LIVE_DESCRIPTOR_HEADROOM).
 */
export function streamsForOpenFiles(limit: number): number {
  const { share, min, max } = LIVE_DESCRIPTOR_HEADROOM
  const headroom = Math.min(max, Math.max(min, Math.ceil(limit * share)))
  return Math.max(1, limit - headroom)
}
