/**
 * The page the server sent paints first; the app's code (start.tsx) loads and starts after that.
 * Preloading it with the page was measured to delay the first paint.
 */
requestAnimationFrame(() => {
  setTimeout(async () => (await import('./start')).start(), 0)
})
