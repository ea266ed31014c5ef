// Writes a Brotli (.br) and a gzip (.gz) copy beside each compressible file of the built web app, so
// the server reads them at start instead of compressing the bundle on every start.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const COMPRESSIBLE = /\.(html|js|css|json|webmanifest|txt|xml|svg)$/
/** Smaller files are sent as they are (src/platform/server/lib/web/assets.ts). */
const MIN_BYTES = 512

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

export async function precompress(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  const files = entries
    .filter((d) => d.isFile() && COMPRESSIBLE.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file)
      if (body.length < MIN_BYTES) return
      const [br, gzipped] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        gz(body, { level: 9 }),
      ])
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)])
    }),
  )
}
