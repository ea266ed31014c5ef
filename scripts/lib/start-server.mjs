// Starts the built server (dist/server/main.js) on a fresh DATA_DIR (or the one given) and resolves when it
// is healthy.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, openSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * `nodeArgs`: flags for the server's node (a profiler: `--cpu-prof`, `--heapsnapshot-signal=SIGUSR2`).
 * `logFile`: the server's standard output goes to `server.log` in its DATA_DIR instead of ours.
 * An `env` value of undefined leaves that variable unset (the server's default).
 * `dataDir`: a DATA_DIR of the caller's (a PGlite database seeded between two starts); else a fresh one.
 */
export async function startBuiltServer({
  port = 3300,
  env = {},
  nodeArgs = [],
  logFile = false,
  dataDir,
} = {}) {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('No build found: run "npm run build" first.')
  }
  dataDir ??= mkdtempSync(path.join(tmpdir(), 'tradehub-script-'))
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      // Measurements on a site of its own: no official price import reaching out to the internet.
      VALUE_IMPORT_INTERVAL_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', logFile ? openSync(path.join(dataDir, 'server.log'), 'a') : 'inherit', 'inherit'],
  })
  const url = `http://localhost:${port}`
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`)
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        return {
          url,
          dataDir,
          logPath: path.join(dataDir, 'server.log'),
          pid: child.pid,
          /** SIGTERM, then resolves when the process has exited (at once if it already has). */
          stop: () =>
            new Promise((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve()
              child.once('exit', resolve)
              child.kill('SIGTERM')
            }),
        }
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error('server did not become healthy')
}
