// A tool the scripts run that comes from Debian (Chromium for the journeys, wrk for the bench): found at
// its path, or installed with apt-get where this runs as root; otherwise one line says what to install.

import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

export const runnable = (file) => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Exits with `message` on stderr. */
export function stop(message) {
  console.error(message)
  process.exit(1)
}

/** Makes sure `binary` exists, installing Debian's `pkg` when it does not (root and apt-get only). */
export function ensureDebianPackage(pkg, binary, howElse) {
  if (runnable(binary)) return
  const canInstall =
    process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0
  if (!canInstall)
    stop(`No ${pkg}: install it (sudo apt-get install -y ${pkg})${howElse ? ` or ${howElse}` : ''}.`)
  console.log(`No ${pkg} found: installing Debian’s ${pkg} package (apt-get).`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', pkg],
  ]) {
    const step = spawnSync('apt-get', args, { stdio: 'inherit', env })
    if (step.status !== 0)
      stop(`apt-get ${args.join(' ')} failed: install ${pkg} yourself${howElse ? `, or ${howElse}` : ''}.`)
  }
  if (!runnable(binary))
    stop(`apt-get installed ${pkg} but ${binary} is missing${howElse ? `: ${howElse}` : ''}.`)
}

/**
 * The full browser a trader has, for the measuring scripts (npm run cpu, npm run lighthouse): CHROMIUM_PATH,
 * or Debian's `chromium`, installed where it is missing. The journeys use the headless shell instead.
 */
export function fullChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  ensureDebianPackage('chromium', '/usr/bin/chromium', 'set CHROMIUM_PATH to a Chromium')
  return '/usr/bin/chromium'
}
