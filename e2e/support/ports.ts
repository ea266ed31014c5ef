/**
 * Ports of the browser tests' servers. E2E_PORT_OFFSET moves them all, so two checkouts can run their
 * browser tests on one machine at once.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0)

export const E2E_PORTS = {
  app: 3100 + offset,
  smtp: 2526 + offset,
  smtpHttp: 2527 + offset,
  oidc: 2528 + offset,
  /** The stand-in for the studio's official price API (Pet Simulator 99, PETS GO!). */
  priceApi: 2529 + offset,
  /** The stand-in for Roblox's users and thumbnails APIs (verified Roblox accounts). */
  robloxApi: 2530 + offset,
  /** A second OpenID stand-in as Roblox's sign-in: ID tokens without an e-mail (e2e/support/oidc-server.ts). */
  robloxOidc: 2531 + offset,
  /** The games' wikis, their pictures and a Grow a Garden stock feed (e2e/support/day-one-sources-server.ts). */
  daySources: 2532 + offset,
  /** A second instance no journey writes to: the site as it is on its first day. */
  fresh: 3200 + offset,
  /** An instance with the Discord bot configured (its interactions signed by e2e/support/discord.ts). */
  discord: 3300 + offset,
  /** An instance filled from the games' public sources (pictures, the stock feed), as on a real first day. */
  dayOne: 3400 + offset,
}
export const E2E_ORIGIN = `http://localhost:${E2E_PORTS.app}`
export const E2E_FRESH_ORIGIN = `http://localhost:${E2E_PORTS.fresh}`
export const E2E_DISCORD_ORIGIN = `http://localhost:${E2E_PORTS.discord}`
export const E2E_DAY_ONE_ORIGIN = `http://localhost:${E2E_PORTS.dayOne}`
export const DAY_ONE_SOURCES_ORIGIN = `http://127.0.0.1:${E2E_PORTS.daySources}`
