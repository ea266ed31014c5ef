import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

/** `@` is src/. */
const webAliases = [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }]

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

/**
 * The browser's bundle (dist/web) and the server's page renderer (`--ssr entry-server.tsx`, dist/ssr).
 * The renderer carries its dependencies with it (React DOM's server renderer included), so the
 * server needs none of them installed at run time.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/platform/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [tailwindcss(), sonnerStylesheetWithThePage],
  resolve: { alias: webAliases },
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
      // The slots every page's manifests declare: one small chunk, not one per feature.
      output: isSsrBuild
        ? undefined
        : { advancedChunks: { groups: [{ name: 'slots', test: /[\\/]web[\\/](lib[\\/])?slots\.tsx?$/ }] } },
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
