/**
 * What main.ts imports once the server listens (a chunk of its own in dist/server): the app, its
 * features, authentication, the runtime and the web assets. Loading it is most of a start's work, done
 * while the embedded database opens (docs/decisions/052-listen-first.md).
 */
export { createApp } from './app'
export { createAuth } from './auth/auth'
export { appListener, SharedAnswers } from './lib/shared-answers'
export { loadPageRenderer, loadWebAssets } from './lib/web/assets'
export { startRuntime } from './runtime'
