import type { Env } from '../env'

/**
 * The origins whose requests may change things: PUBLIC_URL (and 127.0.0.1 when it says localhost, the
 * same machine), plus the Vite dev server in development.
 */
export function trustedOriginsFor(env: Env): string[] {
  const publicOrigin = new URL(env.PUBLIC_URL).origin
  const origins = [publicOrigin]
  if (env.NODE_ENV === 'development') origins.push('http://localhost:5173')
  const local = new URL(publicOrigin)
  if (local.hostname === 'localhost')
    origins.push(`${local.protocol}//127.0.0.1${local.port ? `:${local.port}` : ''}`)
  return origins
}
