import { defineConfig } from '@playwright/test'
import { DAY_ONE_ADMIN } from './e2e/support/day-one'
import { E2E_DISCORD_APPLICATION_ID, E2E_DISCORD_PUBLIC_KEY } from './e2e/support/discord'
import {
  DAY_ONE_SOURCES_ORIGIN,
  E2E_DAY_ONE_ORIGIN,
  E2E_DISCORD_ORIGIN,
  E2E_FRESH_ORIGIN,
  E2E_ORIGIN,
  E2E_PORTS,
} from './e2e/support/ports'
import { PRICE_API_ORIGIN } from './e2e/support/price-api'
import { ROBLOX_API_ORIGIN, ROBLOX_OIDC_ORIGIN } from './e2e/support/roblox'

const baseURL = E2E_ORIGIN
/** Installed by scripts/ensure-chromium.mjs (Debian's `chromium-headless-shell`). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const E2E_DATA_DIR = `.data-e2e-${E2E_PORTS.app}`
const E2E_FRESH_DATA_DIR = `.data-e2e-${E2E_PORTS.fresh}`
const E2E_DISCORD_DATA_DIR = `.data-e2e-${E2E_PORTS.discord}`
const E2E_DAY_ONE_DATA_DIR = `.data-e2e-${E2E_PORTS.dayOne}`
/**
 * Every app of the journeys: the built server, importing prices only from the stand-in price API. Each
 * builds its database on start (a fresh embedded one migrates and imports the catalog): on a busy
 * 2-core machine that can take over a minute, hence their start timeouts.
 */
const APP = {
  command: (dataDir: string) => `rm -rf ${dataDir} && node dist/server/main.js`,
  env: {
    VALUE_IMPORT_INTERVAL_MINUTES: '0',
    PS99_API_URL: `${PRICE_API_ORIGIN}/ps99`,
    PETSGO_API_URL: `${PRICE_API_ORIGIN}/petsgo`,
  },
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // CI gives a journey that failed one more run and reports it as flaky (decision 045): a lost run
  // must not hold back every other change, and the flaky journey is named in the output to be fixed.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Journeys wait for mail and real countdowns on a shared 2-core machine.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    // A trace records the page all along (screenshots, snapshots): it doubled the journeys' CPU time. CI
    // records one on a failed journey's second run; a developer's run keeps the failed journey's trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Debian's headless shell: Chromium's engine without the desktop browser around it, as Playwright's
      // own headless default is; it costs a third less CPU than the full browser (decision 055).
      executablePath: process.env.CHROMIUM_PATH ?? HEADLESS_SHELL,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    // Phones: the drawer and the journeys traders make on a phone (@phone); every page is checked at
    // 390 px by the desktop project (site-shell.spec.ts).
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      // A real SMTP peer that keeps what it receives for the tests to read (e2e/support/mail.ts).
      command: 'node --import tsx e2e/support/smtp-sink-server.ts',
      url: `http://127.0.0.1:${E2E_PORTS.smtpHttp}/health`,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(E2E_PORTS.smtp), HTTP_PORT: String(E2E_PORTS.smtpHttp) },
    },
    {
      // A real OpenID Connect provider, configured below as the site's OIDC sign-in (e2e/support/oidc-server.ts).
      command: 'node --import tsx e2e/support/oidc-server.ts',
      url: `http://127.0.0.1:${E2E_PORTS.oidc}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(E2E_PORTS.oidc) },
    },
    {
      // The same provider standing in for Roblox's sign-in: Roblox's claims, no e-mail (ROBLOX_* below).
      command: 'node --import tsx e2e/support/oidc-server.ts',
      url: `${ROBLOX_OIDC_ORIGIN}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(E2E_PORTS.robloxOidc), OIDC_AS: 'roblox' },
    },
    {
      // The studio's official price API, answering fixtures (e2e/support/price-api.ts).
      command: 'node --import tsx e2e/support/price-api-server.ts',
      url: `${PRICE_API_ORIGIN}/health/api/rap`,
      reuseExistingServer: false,
      env: { PRICE_API_PORT: String(E2E_PORTS.priceApi) },
    },
    {
      // Roblox's users and thumbnails APIs, with users the journeys add (e2e/support/roblox.ts).
      command: 'node --import tsx e2e/support/roblox-api-server.ts',
      url: `${ROBLOX_API_ORIGIN}/health`,
      reuseExistingServer: false,
      env: { ROBLOX_API_PORT: String(E2E_PORTS.robloxApi) },
    },
    {
      // The built app (npm run test:e2e builds first) on a fresh embedded database.
      command: APP.command(E2E_DATA_DIR),
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(E2E_PORTS.app),
        PUBLIC_URL: baseURL,
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${E2E_PORTS.smtp}`,
        OIDC_ISSUER_URL: `http://127.0.0.1:${E2E_PORTS.oidc}`,
        OIDC_CLIENT_ID: 'tradehub-e2e',
        OIDC_CLIENT_SECRET: 'tradehub-e2e-secret',
        OIDC_NAME: 'Test ID',
        // Sign in with Roblox against its stand-in (written as Roblox's issuer is: with a trailing slash).
        ROBLOX_CLIENT_ID: 'tradehub-e2e-roblox',
        ROBLOX_CLIENT_SECRET: 'tradehub-e2e-roblox-secret',
        ROBLOX_OAUTH_ISSUER: `${ROBLOX_OIDC_ORIGIN}/`,
        // e2e/support/accounts.ts gives each user it sets up its own client address.
        TRUST_PROXY: 'true',
        ADMIN_EMAIL: 'admin@example.com',
        // CI runs the journeys' server on PostgreSQL (.ci/run); on a developer's machine, the embedded database.
        ...(process.env.E2E_DATABASE_URL && { DATABASE_URL: process.env.E2E_DATABASE_URL }),
        // Import now only, against the stand-in price API: the tests never reach the internet.
        ...APP.env,
        ROBLOX_USERS_API_URL: ROBLOX_API_ORIGIN,
        ROBLOX_THUMBNAILS_API_URL: ROBLOX_API_ORIGIN,
      },
    },
    {
      // The same app on its own fresh database, which no journey writes to: a site with no events yet.
      command: APP.command(E2E_FRESH_DATA_DIR),
      url: `${E2E_FRESH_ORIGIN}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(E2E_PORTS.fresh),
        PUBLIC_URL: E2E_FRESH_ORIGIN,
        DATA_DIR: E2E_FRESH_DATA_DIR,
        LOG_LEVEL: 'warn',
        ...APP.env,
      },
    },
    {
      // The app with the Discord bot configured (a test key pair): the bot's journeys send it interactions
      // signed as Discord signs them (e2e/support/discord.ts). It never reaches Discord; the other journeys'
      // site has no bot, so its menus offer none.
      command: APP.command(E2E_DISCORD_DATA_DIR),
      url: `${E2E_DISCORD_ORIGIN}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(E2E_PORTS.discord),
        PUBLIC_URL: E2E_DISCORD_ORIGIN,
        DATA_DIR: E2E_DISCORD_DATA_DIR,
        LOG_LEVEL: 'error',
        SMTP_URL: `smtp://127.0.0.1:${E2E_PORTS.smtp}`,
        TRUST_PROXY: 'true',
        ...APP.env,
        DISCORD_PUBLIC_KEY: E2E_DISCORD_PUBLIC_KEY,
        DISCORD_APPLICATION_ID: E2E_DISCORD_APPLICATION_ID,
        DISCORD_API_URL: 'http://127.0.0.1:9',
      },
    },
    {
      // The games' wikis with pictures and a Grow a Garden stock feed, for the instance below.
      command: 'node --import tsx e2e/support/day-one-sources-server.ts',
      url: `${DAY_ONE_SOURCES_ORIGIN}/health`,
      reuseExistingServer: false,
      env: { DAY_ONE_SOURCES_PORT: String(E2E_PORTS.daySources) },
    },
    {
      // The app as an operator starts it on a real first day, its sources on the stand-in above: pictures
      // imported from the games' wikis, Grow a Garden's stock read from the feed. Its own database; the
      // stand-in's origin is allowed only under NODE_ENV=test (the fetches refuse loopback otherwise).
      command: APP.command(E2E_DAY_ONE_DATA_DIR),
      url: `${E2E_DAY_ONE_ORIGIN}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        NODE_ENV: 'test',
        PORT: String(E2E_PORTS.dayOne),
        PUBLIC_URL: E2E_DAY_ONE_ORIGIN,
        DATA_DIR: E2E_DAY_ONE_DATA_DIR,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${E2E_PORTS.smtp}`,
        TRUST_PROXY: 'true',
        ADMIN_EMAIL: DAY_ONE_ADMIN,
        ...APP.env,
        ITEM_WIKI_API_URL: `${DAY_ONE_SOURCES_ORIGIN}/wiki/{game}/api.php`,
        ITEM_IMAGE_TEST_ORIGINS: DAY_ONE_SOURCES_ORIGIN,
        GROW_A_GARDEN_STOCK_FEED_URL: `${DAY_ONE_SOURCES_ORIGIN}/v2/growagarden/stock`,
      },
    },
  ],
})
