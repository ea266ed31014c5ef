import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin, type Rolldown } from 'vite'

/** `@` is src/. */
const webAliases = [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }]

/**
 * React Router's package exports name only its development build (warnings on, remix-run/react-router
 * issue 14102): a build takes its production build, which it ships beside it.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
}

/**
 * sonner adds its stylesheet to the page when its code loads (with the first toast), which restyles
 * every element of a long page at once; styles.css imports the same stylesheet with the page instead.
 */
const sonnerStylesheetWithThePage: Plugin = {
  name: 'sonner-stylesheet-with-the-page',
  transform(code, id) {
    if (!/node_modules\/sonner\/dist\/index\.m?js$/.test(id)) return
    const call = /__insertCSS\("/g
    if (!call.test(code))
      throw new Error('sonner no longer adds its stylesheet with __insertCSS: check vite.config.ts')
    return code.replace(call, '(() => {})("')
  },
}

const START = fileURLToPath(new URL('./src/platform/web/start.tsx', import.meta.url))
const MAIN = fileURLToPath(new URL('./src/platform/web/main.tsx', import.meta.url))

/** The modules `from` imports, directly or not, without a dynamic import between. */
function staticClosure(from: string, ctx: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>()
  const visit = (id: string) => {
    if (seen.has(id)) return
    seen.add(id)
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next)
  }
  visit(from)
  return seen
}

/**
 * What the app starts with (start.tsx and every module it imports: React, the router, the shell, the
 * features' web manifests) in one chunk rather than one per set of pages that share a module: a page
 * loads it, its own chunk and a few shared ones (issue 40). The page's first script (main.tsx) stays
 * apart, so that the start still loads after the first paint.
 */
function startChunk(): Rolldown.CodeSplittingNameFunction {
  let start: Set<string> | undefined
  return (id, ctx) => {
    if (!start) {
      const main = staticClosure(MAIN, ctx)
      start = new Set([...staticClosure(START, ctx)].filter((one) => !main.has(one)))
    }
    return start.has(id) ? 'start' : null
  }
}

/**
 * The browser's bundle (dist/web) and the server's page renderer (`--ssr entry-server.tsx`, dist/ssr).
 * The renderer carries its dependencies with it (React DOM's server renderer included), so the
 * server needs none of them installed at run time.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/platform/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [tailwindcss(), sonnerStylesheetWithThePage],
  resolve: { alias: command === 'build' ? [...webAliases, reactRouterProduction] : webAliases },
  ssr: { noExternal: true },
  // The renderer runs React's production build whatever NODE_ENV the server has.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: {
    outDir: isSsrBuild ? '../../../dist/ssr' : '../../../dist/web',
    emptyOutDir: true,
    modulePreload: false,
    // Read by scripts/bundle-size.mjs to measure what each page loads.
    manifest: !isSsrBuild,
    // The server pre-compresses the bundle; no report needed on every start.
    reportCompressedSize: false,
    rolldownOptions: {
      output: isSsrBuild
        ? undefined
        : {
            codeSplitting: {
              // The group is every module start.tsx imports but main.tsx's: closed already, and main.tsx's
              // own (the preload helper) stay in main's chunk, which has loaded by then.
              groups: [{ name: startChunk(), includeDependenciesRecursively: false }],
            },
          },
      onLog(level, log, handler) {
        // Libraries mark their hooks "use client" for React Server Components, which this app has none of.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return
        handler(level, log)
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}))
