import type { Env } from '../env'

/**
 * The origins whose requests may change things: PUBLIC_URL (and 127.0.0.1 when it says localhost, the
 * same machine), plus the Vite dev server while `npm run dev` runs (it sets DEV_SERVER_ORIGIN).
 */
export function trustedOriginsFor(env: Env): string[] {
  const publicOrigin = new URL(env.PUBLIC_URL).origin
  const origins = [publicOrigin]
  if (env.DEV_SERVER_ORIGIN) origins.push(new URL(env.DEV_SERVER_ORIGIN).origin)
  const local = new URL(publicOrigin)
  if (local.hostname === 'localhost')
    origins.push(`${local.protocol}//127.0.0.1${local.port ? `:${local.port}` : ''}`)
  return origins
}
