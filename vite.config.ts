import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Read by scripts/bundle-size.mjs to measure what each page loads.
    manifest: true,
    // The server pre-compresses the bundle; no report needed on every start.
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
})
