// The browser journeys need a Chromium: CHROMIUM_PATH, or Debian's at /usr/bin/chromium. When there is
// none, this installs Debian's `chromium` package where it can (root, with apt-get), and otherwise stops
// with one line saying what to install. Run by `npm run test:e2e` before the journeys.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

const runnable = (file) => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

const hasAptGet = () => spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0
const isRoot = () => process.getuid?.() === 0

function stop(message) {
  console.error(message)
  process.exit(1)
}

const wanted = process.env.CHROMIUM_PATH
if (wanted) {
  if (!runnable(wanted)) stop(`CHROMIUM_PATH=${wanted} is not an executable Chromium: point it at one.`)
} else if (!runnable(DEBIAN_CHROMIUM)) {
  if (!isRoot() || !hasAptGet())
    stop(
      'No Chromium for the browser tests: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium.',
    )
  console.log('No Chromium found: installing Debian’s chromium package (apt-get).')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const step = spawnSync('apt-get', args, { stdio: 'inherit', env })
    if (step.status !== 0)
      stop(`apt-get ${args.join(' ')} failed: install chromium yourself, or set CHROMIUM_PATH.`)
  }
  if (!runnable(DEBIAN_CHROMIUM))
    stop(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is missing: set CHROMIUM_PATH.`)
}
