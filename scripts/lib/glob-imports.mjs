// An esbuild plugin for the one form of Vite's `import.meta.glob` the server uses, so that the server
// bundle finds its features' manifests the way Vite and Vitest do:
//   import.meta.glob<T>('../../features/*/server/manifest.ts', { eager: true, import: 'default' })
// Each match becomes a static import; the call becomes an object of them, keyed by the pattern's path.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const CALL =
  /import\.meta\.glob(?:<[^>(]*>)?\(\s*'([^']+)'\s*,\s*\{\s*eager:\s*true,\s*import:\s*'(\w+)',?\s*\}\s*,?\s*\)/g

/** The files a pattern with `*` in whole path segments matches, relative to `dir`, sorted. */
function expandGlob(dir, pattern) {
  let found = ['']
  for (const segment of pattern.split('/')) {
    const next = []
    for (const prefix of found) {
      if (segment !== '*') next.push(prefix ? `${prefix}/${segment}` : segment)
      else
        for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true }))
          if (entry.isDirectory()) next.push(prefix ? `${prefix}/${entry.name}` : entry.name)
    }
    found = next
  }
  return found.filter((file) => {
    try {
      return statSync(path.join(dir, file)).isFile()
    } catch {
      return false
    }
  })
}

export const globImports = {
  name: 'glob-imports',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8')
      if (!source.includes('import.meta.glob')) return undefined
      const dir = path.dirname(args.path)
      const imports = []
      const contents = source.replace(CALL, (_call, pattern, name) => {
        const entries = expandGlob(dir, pattern).map((file) => {
          const id = `__glob_${imports.length}`
          imports.push(`import { ${name} as ${id} } from ${JSON.stringify(file)}`)
          return `${JSON.stringify(file)}: ${id}`
        })
        return `{ ${entries.join(', ')} }`
      })
      if (contents === source) throw new Error(`${args.path}: an import.meta.glob this plugin cannot read`)
      return { contents: `${imports.join('\n')}\n${contents}`, loader: 'ts' }
    })
  },
}
