// Whether dist/ was built from the sources as they are now: a hash of every input of the build,
// written into dist/ after a build that succeeded, compared before `npm start` builds again.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * What the build reads: the app's sources (tests are never bundled), the build configuration, the
 * installed packages (by the lockfile) and the build scripts themselves. The catalog and migrations
 * are read by the server at run time, not built.
 */
export const BUILD_INPUTS = [
  'src',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/lib/build-stamp.mjs',
  'scripts/lib/precompress.mjs',
]

/** The files a build must leave behind to be usable. */
export const BUILD_OUTPUTS = ['dist/web/index.html', 'dist/server/main.js']

export const STAMP_FILE = 'dist/build-stamp.json'

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file)

async function listFiles(root, entry) {
  const full = path.join(root, entry)
  if (!existsSync(full)) return []
  const dirents = await readdir(full, { withFileTypes: true, recursive: true }).catch((error) => {
    if (error.code === 'ENOTDIR') return null
    throw error
  })
  if (dirents === null) return [entry]
  return dirents
    .filter((d) => d.isFile())
    .map((d) =>
      path
        .relative(root, path.join(d.parentPath ?? d.path, d.name))
        .split(path.sep)
        .join('/'),
    )
    .filter((file) => !isTest(file))
}

/** One hash of every input file (path and content) and the Node.js version that builds. */
export async function hashBuildInputs(root, inputs = BUILD_INPUTS) {
  const files = (await Promise.all(inputs.map((entry) => listFiles(root, entry)))).flat().sort()
  const hash = createHash('sha256').update(`node ${process.version}\n`)
  for (const file of files) {
    hash.update(`${file}\n`)
    hash.update(await readFile(path.join(root, file)))
    hash.update('\n')
  }
  return hash.digest('hex')
}

async function readStamp(root) {
  try {
    const stamp = JSON.parse(await readFile(path.join(root, STAMP_FILE), 'utf8'))
    return typeof stamp?.hash === 'string' ? stamp : null
  } catch {
    return null
  }
}

/**
 * Is the build in dist/ the build of the current sources? `reason` says why not (or 'up to date');
 * `hash` is the sources' hash, to stamp once a new build has succeeded.
 */
export async function buildStatus(root, inputs = BUILD_INPUTS) {
  const hash = await hashBuildInputs(root, inputs)
  const stamp = await readStamp(root)
  if (!stamp) return { upToDate: false, reason: 'no finished build', hash }
  if (stamp.hash !== hash) return { upToDate: false, reason: 'sources changed since the last build', hash }
  const missing = BUILD_OUTPUTS.find((file) => !existsSync(path.join(root, file)))
  if (missing) return { upToDate: false, reason: `${missing} is missing`, hash }
  return { upToDate: true, reason: 'up to date', hash }
}

/** Before building: whatever happens next, no stamp says the old build is current. */
export function removeStamp(root) {
  return rm(path.join(root, STAMP_FILE), { force: true })
}

/** After a build that succeeded: records the hash of the sources it was built from. */
export async function writeStamp(root, hash) {
  const missing = BUILD_OUTPUTS.find((file) => !existsSync(path.join(root, file)))
  if (missing) throw new Error(`the build did not write ${missing}`)
  await writeFile(
    path.join(root, STAMP_FILE),
    `${JSON.stringify({ hash, builtAt: new Date().toISOString() }, null, 2)}\n`,
  )
}
