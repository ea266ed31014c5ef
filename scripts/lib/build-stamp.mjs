// Whether dist/ was built from the sources as they are now: a hash of every input of the build,
// written into dist/ after a build that succeeded, compared before `npm start` builds again. Beside it
// the stamp keeps a quick fingerprint of the same files (path, size and modification time of each): when
// that fingerprint is unchanged, no file is read at all, which keeps a second `npm start` quick. When it
// differs (a file touched or checked out again), the contents decide, and an unchanged build gets the
// new fingerprint.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
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

const listInputs = async (root, inputs) =>
  (await Promise.all(inputs.map((entry) => listFiles(root, entry)))).flat().sort()

/**
 * The quick fingerprint of the input files: a hash of each one's path, size and modification time (and
 * the Node.js version), from the file system's metadata alone.
 */
export async function fingerprintBuildInputs(root, inputs = BUILD_INPUTS) {
  const files = await listInputs(root, inputs)
  const stats = await Promise.all(files.map((file) => stat(path.join(root, file))))
  const hash = createHash('sha256').update(`node ${process.version}\n`)
  for (const [i, file] of files.entries()) hash.update(`${file}\t${stats[i].size}\t${stats[i].mtimeMs}\n`)
  return hash.digest('hex')
}

/** One hash of every input file (path and content) and the Node.js version that builds. */
export async function hashBuildInputs(root, inputs = BUILD_INPUTS) {
  const files = await listInputs(root, inputs)
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
 * `sources` is what to stamp once a new build has succeeded (the sources as the build found them).
 * `checked` says how it was decided: 'fingerprint' (no file read) or 'contents'.
 */
export async function buildStatus(root, inputs = BUILD_INPUTS) {
  const [fingerprint, stamp] = await Promise.all([fingerprintBuildInputs(root, inputs), readStamp(root)])
  const missing = BUILD_OUTPUTS.find((file) => !existsSync(path.join(root, file)))
  if (stamp && !missing && stamp.fingerprint === fingerprint) {
    return { upToDate: true, reason: 'up to date', checked: 'fingerprint', sources: stamp }
  }
  const sources = { hash: await hashBuildInputs(root, inputs), fingerprint }
  const status = (upToDate, reason) => ({ upToDate, reason, checked: 'contents', sources })
  if (!stamp) return status(false, 'no finished build')
  if (stamp.hash !== sources.hash) return status(false, 'sources changed since the last build')
  if (missing) return status(false, `${missing} is missing`)
  // The same contents with other times (a checkout, a touch): the next check needs no reading again.
  await writeStamp(root, sources, stamp.builtAt)
  return status(true, 'up to date')
}

/** Before building: whatever happens next, no stamp says the old build is current. */
export function removeStamp(root) {
  return rm(path.join(root, STAMP_FILE), { force: true })
}

/**
 * After a build that succeeded: records the sources it was built from (`sources` of buildStatus, as it
 * was before the build: a file changed during the build makes the next check build again).
 */
export async function writeStamp(root, { hash, fingerprint }, builtAt = new Date().toISOString()) {
  const missing = BUILD_OUTPUTS.find((file) => !existsSync(path.join(root, file)))
  if (missing) throw new Error(`the build did not write ${missing}`)
  await writeFile(path.join(root, STAMP_FILE), `${JSON.stringify({ hash, fingerprint, builtAt }, null, 2)}\n`)
}
