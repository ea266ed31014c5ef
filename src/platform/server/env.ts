import { BlockList, isIP } from 'node:net'
import { z } from 'zod'
import { LIVE_STREAMS_PER_ADDRESS, LIVE_STREAMS_PER_USER } from '@/shared/live-rules'

/**
 * The only module that reads process.env. Every setting the server knows is named here and
 * validated at start-up; an invalid value stops the process with a message naming the variable.
 */
const optionalUrl = z.url({ protocol: /^https?$/ }).optional()
const streamCount = z.coerce
  .number({ error: 'must be a whole number of streams' })
  .int('must be a whole number of streams')
  .min(1, 'must be at least 1')

/** What the bot needs in a channel: View Channel (1024), Send Messages (2048), Embed Links (16384). */
export const BOT_PERMISSIONS = 1024 + 2048 + 16384

/** Discord's OAuth install link of the bot: its commands and its bot user with BOT_PERMISSIONS. */
export function botInstallUrl(applicationId: string): string {
  const params = new URLSearchParams({
    client_id: applicationId,
    scope: 'bot applications.commands',
    permissions: String(BOT_PERMISSIONS),
  })
  return `https://discord.com/oauth2/authorize?${params}`
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('TradeHub <no-reply@localhost>'),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    DISCORD_CLIENT_ID: z.string().min(1).optional(),
    DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
    MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
    /** An OpenID Connect provider (discovery at ISSUER/.well-known/openid-configuration), offered when all three are set. */
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().min(1).max(40).default('Single sign-on'),
    /**
     * Sign in with Roblox (docs/decisions/046): offered when the client id and secret are set. The issuer's
     * discovery document (ISSUER + .well-known/openid-configuration) gives the endpoints and keys.
     */
    ROBLOX_CLIENT_ID: z.string().min(1).optional(),
    ROBLOX_CLIENT_SECRET: z.string().min(1).optional(),
    ROBLOX_OAUTH_ISSUER: z
      .url({ protocol: /^https?$/ })
      .refine((url) => !/[?#]/.test(url), 'must be the issuer URL, without a query or fragment')
      .default('https://apis.roblox.com/oauth/'),
    DISCORD_SERVER_URL: optionalUrl,
    DISCORD_BOT_INVITE_URL: optionalUrl,
    /** The bot (docs/decisions/041): the application's public key (hex) that signs its interactions. */
    DISCORD_PUBLIC_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64 hex characters Discord shows as the Public Key')
      .optional(),
    /** The bot's application id: command registration and the /invite-bot install link. */
    DISCORD_APPLICATION_ID: z
      .string()
      .regex(/^\d{5,25}$/, 'must be the numeric application id')
      .optional(),
    /** The bot's token (Bot …): registers commands and edits deferred replies. */
    DISCORD_BOT_TOKEN: z.string().min(1).optional(),
    /** A test server: `npm run discord:commands` registers there (instantly) instead of globally. */
    DISCORD_GUILD_ID: z
      .string()
      .regex(/^\d{5,25}$/, 'must be the numeric server id')
      .optional(),
    /** Discord's REST API; tests point it at a local stand-in. */
    DISCORD_API_URL: z.url({ protocol: /^https?$/ }).default('https://discord.com/api/v10'),
    /** The official price API of Pet Simulator 99 (`/api/rap`, `/api/exists`). */
    PS99_API_URL: z.url({ protocol: /^https?$/ }).default('https://ps99.biggamesapi.io'),
    /** The official price API of PETS GO! (the same shape). */
    PETSGO_API_URL: z.url({ protocol: /^https?$/ }).default('https://petsgo.biggamesapi.io'),
    /**
     * Where item pictures of the wiki games come from: a MediaWiki api.php URL with `{game}` replaced by
     * the game's id; unset, each game's known wiki (src/features/item-images/rules.ts).
     */
    ITEM_WIKI_API_URL: z
      .string()
      .refine((value) => {
        try {
          return /^https?:$/.test(new URL(value.replaceAll('{game}', 'blox-fruits')).protocol)
        } catch {
          return false
        }
      }, "must be an http(s) URL of a MediaWiki api.php, where {game} stands for the game's id")
      .optional(),
    /** Roblox's users API: looks up a username and reads a profile's About (verified Roblox accounts). */
    ROBLOX_USERS_API_URL: z.url({ protocol: /^https?$/ }).default('https://users.roblox.com'),
    /** Roblox's thumbnails API: the avatar headshot of a verified Roblox account. */
    ROBLOX_THUMBNAILS_API_URL: z.url({ protocol: /^https?$/ }).default('https://thumbnails.roblox.com'),
    /**
     * Grow a Garden's stock from an upstream feed in the community bots' shape (JStudio's
     * `/v2/growagarden/stock`), read at each restock; unset: no feed (docs/decisions/049-stock-feed.md).
     */
    GROW_A_GARDEN_STOCK_FEED_URL: optionalUrl,
    /** The feed's key, sent as the `jstudio-key` header (the header JStudio's API asks for). */
    GROW_A_GARDEN_STOCK_FEED_KEY: z.string().min(1).max(500).optional(),
    /** Minutes between official price imports; 0 switches the schedule off (Import now still works). */
    VALUE_IMPORT_INTERVAL_MINUTES: z.coerce
      .number({ error: 'must be a whole number of minutes (0 = off)' })
      .int('must be a whole number of minutes (0 = off)')
      .min(0, 'must be a whole number of minutes (0 = off)')
      .max(10_080, 'must be at most 10080 (a week)')
      .default(60),
    /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * The public API v1's limit of one client address without a key, a minute (decision 040). Requests
     * from the machine itself (loopback, without TRUST_PROXY) are not limited unless API_V1_LIMIT_LOOPBACK.
     */
    API_V1_ANONYMOUS_PER_MINUTE: z.coerce
      .number({ error: 'must be a whole number of requests a minute' })
      .int('must be a whole number of requests a minute')
      .min(1, 'must be at least 1')
      .default(120),
    API_V1_LIMIT_LOOPBACK: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /** Event streams one client address may hold open on this instance (src/shared/live-rules.ts). */
    LIVE_STREAMS_PER_ADDRESS: streamCount.default(LIVE_STREAMS_PER_ADDRESS),
    /** Event streams one signed-in user may hold open on this instance, from any address. */
    LIVE_STREAMS_PER_USER: streamCount.default(LIVE_STREAMS_PER_USER),
    /** Event streams this instance holds at most; unset: derived from its open-files limit. */
    LIVE_STREAMS_MAX: streamCount.optional(),
    /**
     * On SIGTERM: seconds the server keeps serving (every answer with `Connection: close`) while
     * /api/health answers 503, so a load balancer takes it out of rotation first (docs/deploy.md).
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds (0 = no drain)' })
      .int('must be a whole number of seconds (0 = no drain)')
      .min(0, 'must be a whole number of seconds (0 = no drain)')
      .max(300, 'must be at most 300 (5 minutes)')
      .default(5),
    /** Set by `npm run dev` only: the Vite dev server's origin, trusted like PUBLIC_URL while it runs. */
    DEV_SERVER_ORIGIN: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** 1: serve /dev/mailbox even when the server listens beyond loopback (never with SMTP_URL). */
    DEV_MAILBOX: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * Tests only (refused unless NODE_ENV=test): comma-separated origins (http://127.0.0.1:5123) accepted
     * as Discord webhooks besides Discord's own, so a local HTTP receiver can stand in for Discord.
     */
    ALERT_WEBHOOK_TEST_ORIGINS: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const origins = value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
        for (const origin of origins) {
          let url: URL | undefined
          try {
            url = new URL(origin)
          } catch {}
          if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
            ctx.addIssue({
              code: 'custom',
              message: `"${origin}" is not an origin such as http://127.0.0.1:5123`,
            })
            return z.NEVER
          }
        }
        return origins.map((origin) => new URL(origin).origin)
      }),
    /**
     * Tests only (refused unless NODE_ENV=test): comma-separated http origins (http://127.0.0.1:5123) that
     * item picture imports may fetch from besides https addresses, without the private-address check.
     */
    ITEM_IMAGE_TEST_ORIGINS: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const origins = value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
        for (const origin of origins) {
          let url: URL | undefined
          try {
            url = new URL(origin)
          } catch {}
          if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
            ctx.addIssue({
              code: 'custom',
              message: `"${origin}" is not an origin such as http://127.0.0.1:5123`,
            })
            return z.NEVER
          }
        }
        return origins.map((origin) => new URL(origin).origin)
      }),
  })
  .transform((raw) => ({
    ...raw,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    PS99_API_URL: raw.PS99_API_URL.replace(/\/+$/, ''),
    PETSGO_API_URL: raw.PETSGO_API_URL.replace(/\/+$/, ''),
    ROBLOX_USERS_API_URL: raw.ROBLOX_USERS_API_URL.replace(/\/+$/, ''),
    ROBLOX_THUMBNAILS_API_URL: raw.ROBLOX_THUMBNAILS_API_URL.replace(/\/+$/, ''),
    // Roblox's issuer ends in a slash (https://apis.roblox.com/oauth/): kept with exactly one.
    ROBLOX_OAUTH_ISSUER: raw.ROBLOX_OAUTH_ISSUER.replace(/\/*$/, '/'),
    DISCORD_API_URL: raw.DISCORD_API_URL.replace(/\/+$/, ''),
    // With the bot's own application id, /invite-bot installs that bot (docs/decisions/041).
    DISCORD_BOT_INVITE_URL: raw.DISCORD_APPLICATION_ID
      ? botInstallUrl(raw.DISCORD_APPLICATION_ID)
      : raw.DISCORD_BOT_INVITE_URL,
  }))
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required when NODE_ENV=production' })
    }
    if (env.DEV_SERVER_ORIGIN && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_SERVER_ORIGIN'],
        message: 'is for npm run dev only: it is refused when NODE_ENV=production',
      })
    }
    if (env.ITEM_IMAGE_TEST_ORIGINS.length > 0 && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['ITEM_IMAGE_TEST_ORIGINS'],
        message: 'is for tests only: it is refused unless NODE_ENV=test',
      })
    }
    if (
      env.GROW_A_GARDEN_STOCK_FEED_KEY &&
      env.GROW_A_GARDEN_STOCK_FEED_URL?.startsWith('http:') &&
      env.NODE_ENV === 'production'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['GROW_A_GARDEN_STOCK_FEED_URL'],
        message: 'must be https when GROW_A_GARDEN_STOCK_FEED_KEY is set (the key would travel in clear)',
      })
    }
    if (env.ALERT_WEBHOOK_TEST_ORIGINS.length > 0 && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['ALERT_WEBHOOK_TEST_ORIGINS'],
        message: 'is for tests only: it is refused unless NODE_ENV=test',
      })
    }
  })

export type Env = z.infer<typeof envSchema>

export class EnvError extends Error {}

/** Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** Whether HOST is a loopback address or name (127.0.0.0/8, ::1, localhost): only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  const version = isIP(name)
  return version !== 0 && LOOPBACK.check(name, version === 4 ? 'ipv4' : 'ipv6')
}

/**
 * Whether /dev/mailbox is served. The local mailbox holds live sign-in and verification links, so only
 * when mail is not sent over SMTP, and then either when the server listens on loopback only (outside
 * production) or when DEV_MAILBOX=1 asks for it on purpose.
 */
export function devMailboxEnabled(env: Pick<Env, 'SMTP_URL' | 'DEV_MAILBOX' | 'HOST' | 'NODE_ENV'>): boolean {
  if (env.SMTP_URL) return false
  if (env.DEV_MAILBOX) return true
  return env.NODE_ENV !== 'production' && isLoopbackHost(env.HOST)
}
