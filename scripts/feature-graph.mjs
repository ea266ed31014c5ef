// The feature graph (docs/architecture.md): which feature of src/features imports which, on the server
// and on the web. Prints the links and exits 1 on a cycle between features. Run by `npm run lint`.
//   node scripts/feature-graph.mjs           the counts and any cycle
//   node scripts/feature-graph.mjs --links   every link, with the files that make it
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const featuresDir = path.join(root, 'src/features')
const IMPORT = /(?:^|[^.\w])(?:from|import)\s*\(?\s*['"]([^'"\n]+)['"]/g

/** Every source file under a folder, tests and their setup left out: a test may build its data through any feature. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/(\.test\.tsx?|-test-setup\.ts)$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
}

function resolve(fromFile, spec) {
  const bare = spec.split('?')[0]
  let base
  if (bare.startsWith('@/')) base = path.join(root, 'src', bare.slice(2))
  else if (bare.startsWith('.')) base = path.resolve(path.dirname(fromFile), bare)
  else return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (existsSync(candidate) && !candidate.endsWith('/')) return candidate
  return null
}

/** A file's feature and side: its tables are the server's; its other top-level files (contract, rules, pages) belong to both sides. */
function place(file) {
  const rel = path.relative(featuresDir, file).split(path.sep)
  if (rel[0] === '..' || rel.length < 2) return null
  if (rel[1] === 'tables.ts') return { feature: rel[0], side: 'server' }
  return { feature: rel[0], side: rel[1] === 'server' || rel[1] === 'web' ? rel[1] : 'both' }
}

const graphs = { server: new Map(), web: new Map() }
for (const file of sources(featuresDir)) {
  const from = place(file)
  const text = readFileSync(file, 'utf8')
  for (const [, spec] of text.matchAll(IMPORT)) {
    const target = resolve(file, spec)
    const to = target && place(target)
    if (!to || to.feature === from.feature) continue
    for (const side of from.side === 'both' ? ['server', 'web'] : [from.side]) {
      const links = graphs[side]
      const key = `${from.feature} → ${to.feature}`
      if (!links.has(key)) links.set(key, new Set())
      links.get(key).add(`${path.relative(root, file)} → ${path.relative(root, target)}`)
    }
  }
}

/** The cycles of a graph: its strongly connected components of more than one feature (Tarjan). */
function cycles(links) {
  const edges = new Map()
  for (const key of links.keys()) {
    const [a, b] = key.split(' → ')
    if (!edges.has(a)) edges.set(a, [])
    if (!edges.has(b)) edges.set(b, [])
    edges.get(a).push(b)
  }
  let index = 0
  const stack = []
  const seen = new Map()
  const found = []
  const visit = (v) => {
    const node = { index, low: index, onStack: true }
    index++
    seen.set(v, node)
    stack.push(v)
    for (const w of edges.get(v)) {
      if (!seen.has(w)) {
        visit(w)
        node.low = Math.min(node.low, seen.get(w).low)
      } else if (seen.get(w).onStack) node.low = Math.min(node.low, seen.get(w).index)
    }
    if (node.low === node.index) {
      const component = []
      let w
      do {
        w = stack.pop()
        seen.get(w).onStack = false
        component.push(w)
      } while (w !== v)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const v of edges.keys()) if (!seen.has(v)) visit(v)
  return found
}

let failed = false
for (const [side, links] of Object.entries(graphs)) {
  const found = cycles(links)
  console.log(`feature graph (${side}): ${links.size} feature → feature links, ${found.length} cycles`)
  for (const component of found) {
    failed = true
    console.log(`  cycle among: ${component.join(', ')}`)
    for (const [key, files] of links) {
      const [a, b] = key.split(' → ')
      if (component.includes(a) && component.includes(b)) console.log(`    ${key}: ${[...files][0]}`)
    }
  }
  if (process.argv.includes('--links'))
    for (const [key, files] of [...links].sort()) console.log(`  ${key} (${files.size} imports)`)
}
if (failed) process.exit(1)
