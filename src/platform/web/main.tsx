/**
 * zod (the shared schemas, in the pages that check forms) runs without compiling code at run time:
 * its test of whether it may (`new Function`) is a violation the strict Content-Security-Policy reports.
 * zod reads its configuration from this global, whichever loads first.
 */
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
zodConfig.__zod_globalConfig = Object.assign(zodConfig.__zod_globalConfig ?? {}, { jitless: true })

/**
 * The page the server sent paints first; the app's code (start.tsx) loads and starts after that.
 * Preloading it with the page was measured to delay the first paint.
 */
requestAnimationFrame(() => {
  setTimeout(async () => (await import('./start')).start(), 0)
})
