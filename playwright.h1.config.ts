import base from './playwright.config'

// Local only: the shared machine is slow to start the servers.
export default {
  ...base,
  timeout: 180_000,
  webServer: (Array.isArray(base.webServer) ? base.webServer : []).map((s) => ({ ...s, timeout: 240_000 })),
}
