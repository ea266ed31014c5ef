// Initial JavaScript of every page, gzip: the entry chunk, the app it starts and their static imports,
// plus the page's own chunk and its static imports, from the Vite build manifest. Fails over the budget (docs/architecture.md, "Budgets").
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8'))
const gz = new Map()
const size = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(`dist/web/${file}`), { level: 9 }).length)
  return gz.get(file)
}
const closure = (key, seen = new Set()) => {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const dep of chunk.imports ?? []) closure(dep, seen)
  return seen
}
// The entry starts the app (start.tsx) once the page has painted; the server preloads it with the page.
const [entryKey, entry] = Object.entries(manifest).find(([, c]) => c.isEntry)
const starts = entry.dynamicImports ?? []
const base = starts.reduce((seen, key) => closure(key, seen), closure(entryKey))
const kb = (files) => [...files].reduce((n, f) => n + size(f), 0) / 1024
// A page is a component of a feature's web/pages/ (or the 404 page): the router loads one per route.
// Other parts the manifests name load later, when shown (a slot's fill), and are not pages.
const isPage = (key) => /\/web\/pages\/|\/app\/not-found-page\.tsx$/.test(key)
const pages = [...new Set(starts.flatMap((key) => manifest[key].dynamicImports ?? []))].filter(isPage)
const rows = pages.map((key) => {
  const files = closure(key, new Set(base))
  return { page: key.replace(/^.*\/(features|app)\//, ''), kb: kb(files) }
})
rows.sort((a, b) => b.kb - a.kb)
console.log(`entry (every page): ${kb(base).toFixed(1)} KB gzip`)
for (const row of rows) console.log(`  ${row.kb.toFixed(1).padStart(6)} KB  ${row.page}`)
const worst = rows[0]
console.log(`largest initial JS: ${worst.kb.toFixed(1)} KB gzip (${worst.page}); budget ${BUDGET_KB} KB`)
if (worst.kb > BUDGET_KB) {
  console.error(`Over budget: ${worst.page} loads ${worst.kb.toFixed(1)} KB of JavaScript (gzip).`)
  process.exit(1)
}
