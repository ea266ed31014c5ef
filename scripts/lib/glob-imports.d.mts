import type { Plugin } from 'esbuild'

/** Bundles import.meta.glob(pattern, { eager: true, import }) as static imports (glob-imports.mjs). */
export declare const globImports: Plugin
