/**
 * The notification centre's pure rules: what a notification can be about. Every feature that tells a
 * trader something picks one of these kinds.
 */

/** Ids a trader may mark read in one request. */
export const NOTIFICATION_LIMITS = {
  maxReadIds: 100,
  notificationsPageSize: 20,
  /** The bell's panel shows the latest this many. */
  panelSize: 8,
} as const

/** The marketplace's kinds, about an ad or an offer, linking to the ad's page: they
 * leave the site as the trader's "trades" settings say (e-mail, Discord). */
export const TRADE_NOTIFICATION_KINDS = [
  'trade-offer',
  'trade-accepted',
  'trade-declined',
  'trade-cancelled',
  'trade-message',
  'trade-confirmed',
  'trade-completed',
  'trade-expiring',
  // An open ad that matches the trader's have/want lists (trade-lists).
  'trade-match',
] as const
export type TradeNotificationKind = (typeof TRADE_NOTIFICATION_KINDS)[number]

/** What an alert is about: a restock of a stock item, a value change, or a word from the site. */
export const NOTIFICATION_KINDS = [
  'restock',
  'value',
  'system',
  ...TRADE_NOTIFICATION_KINDS,
  // Trust: a review of a trade, a moderator's warning.
  'trade-review',
  'moderation-warning',
  // Middlemen, disputes and achievements: a request claimed or closed, a dispute's news, a badge earned.
  'middleman',
  'dispute',
  'achievement',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const isTradeNotification = (kind: string): boolean =>
  (TRADE_NOTIFICATION_KINDS as readonly string[]).includes(kind)
