// The browser journeys need a headless Chromium: CHROMIUM_PATH, or Debian's headless shell at
// /usr/bin/chromium-headless-shell (decision 054). When there is none, this installs Debian's
// `chromium-headless-shell` package where it can (root, with apt-get), and otherwise stops with one line
// saying what to install. Run by `npm run test:e2e` before the journeys.
import { ensureDebianPackage, runnable, stop } from './lib/debian-package.mjs'

const wanted = process.env.CHROMIUM_PATH
if (wanted) {
  if (!runnable(wanted)) stop(`CHROMIUM_PATH=${wanted} is not an executable Chromium: point it at one.`)
} else
  ensureDebianPackage(
    'chromium-headless-shell',
    '/usr/bin/chromium-headless-shell',
    'set CHROMIUM_PATH to a Chromium',
  )
