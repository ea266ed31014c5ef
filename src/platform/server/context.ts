import type { Hono } from 'hono'
import type { PageInfo } from '@/shared/page-info'
import type { Auth } from './auth/auth'
import type { Database } from './db/client'
import type { Env } from './env'
import type { HookImplementation } from './hooks'
import type { Logger } from './lib/logger'
import type { LimitOverrides } from './lib/rate-limit'
import type { ReadCache } from './lib/read-cache'
import type { SharedAnswers } from './lib/shared-answers'
import type { Shutdown } from './lib/shutdown'
import type { WebAssets } from './lib/web/assets'

/**
 * What the house gives every feature: the settings, the database, the log, the shared read cache of
 * public data and the server secret. Features start with these (`ServerFeature.start`).
 */
export interface Services {
  env: Env
  database: Database
  logger: Logger
  cache: ReadCache
  /** Signs derived tokens (AUTH_SECRET or the one generated into DATA_DIR). */
  secret: string
}

/** What a request handler can reach, as `c.var.deps`. */
export interface AppDeps extends Services {
  /** Better Auth (createAuth), sharing this app's database and secret. */
  auth: Auth
  /** The built single-page app; null when only the API is served (API tests). */
  web: WebAssets | null
  /** Tells long-lived answers (event streams) to end when the server stops. */
  shutdown: Shutdown
  /** Other limits than the written ones, by feature (tests). */
  limits?: LimitOverrides
  /** The Node server's shared cache of public answers (main.ts); none under `app.request`. */
  sharedAnswers?: SharedAnswers
  /** The server's clock for time-bound rules (an ad's lifetime); tests advance it. Default: the real one. */
  clock?: () => Date
}

/** The server's clock: the one tests set, else the real one. */
export const clockOf = (deps: Pick<AppDeps, 'clock'>): (() => Date) => deps.clock ?? (() => new Date())

export type AppEnv = { Variables: { deps: AppDeps } }

/** A feature's Hono routes: built on AppEnv, each adding the variables its own middleware sets. */
// biome-ignore lint/suspicious/noExplicitAny: a route set widens AppEnv with its own variables
export type FeatureRoutes = Hono<any, any, any>

/**
 * The title and description of a page that depend on data (an item page, a shared trade): `null` keeps
 * the page's defaults, `'not-found'` answers the 404 page. `image` (a path) is its preview picture;
 * with `imageSize` it is a large one (a link-preview card).
 */
export type HeadResolver = (
  deps: AppDeps,
  match: { page: PageInfo; params: Record<string, string> },
  url: URL,
) => Promise<
  (Pick<PageInfo, 'title' | 'description'> & { image?: string; imageSize?: ImageSize }) | 'not-found' | null
>

/** A preview picture's size in pixels. */
export interface ImageSize {
  width: number
  height: number
}

/** What a feature's `start` began: stopped on shutdown, after open requests and streams have ended. */
export interface Started {
  stop(): Promise<void>
}

/** A route that takes a larger body than the house's 64 KB: an upload or a bulk update. */
export interface BodyLimit {
  method: 'POST' | 'PUT' | 'PATCH'
  /** The full path in Hono's syntax, e.g. `/api/disputes/:id/evidence`. */
  path: string
  /** The most bytes it takes: the file and its multipart envelope. */
  maxBytes: number
  /** The 413's message: what the trader did wrong, in their words. */
  message: string
}

/**
 * One server feature, as its manifest (`src/features/<name>/server/manifest.ts`) declares it:
 * everything it brings to the house. The platform finds every manifest (platform/server/features.ts).
 * See docs/architecture.md.
 */
export interface ServerFeature {
  /** Its folder under src/features. */
  name: string
  /** Routes by the path they are mounted at, e.g. `{ '/api/games': catalogRoutes }`. */
  routes?: Readonly<Record<string, FeatureRoutes>>
  /** Its routes that take more than 64 KB, each with its own limit (every other write keeps 64 KB). */
  bodyLimits?: readonly BodyLimit[]
  /** Server-rendered head tags of its pages, by the page's path (its `pages.ts`). */
  pageHeads?: Readonly<Record<string, HeadResolver>>
  /** Hooks of lower features it implements (platform/server/hooks.ts). */
  hooks?: readonly HookImplementation[]
  /** Started before the features without it: data the others read at start (the catalog). */
  startFirst?: true
  /**
   * What requests need: data the feature writes on start (an import), listeners its answers rely on
   * (event streams). Run once the database is migrated, before the app answers.
   */
  start?(services: Services): Promise<Started | undefined>
  /**
   * Workers, schedules and catch-ups that requests do not wait for: started once the app answers
   * (docs/decisions/052-listen-first.md), stopped before the features' `start` parts.
   */
  startWorkers?(services: Services): Promise<Started | undefined>
}

export const defineFeature = (feature: ServerFeature): ServerFeature => feature
