/**
 * Profile rules shared by the forms and the server (docs/product.md §6), with the spec's exact messages.
 * No package imports: this module ships in the browser bundle.
 */
export { USERNAME_MAX, USERNAME_MESSAGES, usernameProblem } from './username-rules'

/** Roblox's sign-in (docs/decisions/046): signing in with it, or linking it, verifies the Roblox account. */
export const ROBLOX_PROVIDER_ID = 'roblox'

export const DISPLAY_NAME_MAX = 50
export const BIO_MAX = 500
export const SOCIAL_LINK_MAX = 200
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const AVATAR_SIZE = 256

/** The spec's message for a display name another user has (compared without case). */
export const displayNameTakenMessage = (name: string) =>
  `Display name '${name}' is already taken. Please choose a different display name.`

/** The server's refusals of a display name that would pass for the site's team (docs/product.md §6). */
export const DISPLAY_NAME_MESSAGES = {
  staffWords: 'Only TradeHub staff can have "middleman", "TradeHub" or "staff" in their display name',
  middlemanName: "This display name is an official middleman's name. Please choose another.",
} as const

/** Every kind of social link a profile shows (a kind no longer offered stays readable where stored). */
export const SOCIAL_KEYS = ['twitter', 'discord', 'github', 'website'] as const
export type SocialKey = (typeof SOCIAL_KEYS)[number]
export type SocialLinks = Partial<Record<SocialKey, string>>

/**
 * The kinds a trader may add. GitHub is not offered on a Roblox trading site any more: a GitHub link
 * saved before stays shown and kept, and its owner may remove it (docs/product.md §6).
 */
export const OFFERED_SOCIAL_KEYS = ['twitter', 'discord', 'website'] as const satisfies readonly SocialKey[]

/** Whether a trader may add a link of this kind. */
export const isOfferedSocialKey = (key: SocialKey) =>
  (OFFERED_SOCIAL_KEYS as readonly SocialKey[]).includes(key)

export const SOCIAL_LABELS: Record<SocialKey, string> = {
  twitter: 'X (Twitter)',
  discord: 'Discord',
  github: 'GitHub',
  website: 'Website',
}

interface SocialRule {
  handle: RegExp
  url: RegExp
  hint: string
  /** The public link of a handle; null when a handle has no public page (Discord usernames). */
  href: (handle: string) => string | null
}

const SOCIAL_RULES: Record<SocialKey, SocialRule> = {
  twitter: {
    handle: /^@?[A-Za-z0-9_]{1,15}$/,
    url: /^https:\/\/(www\.)?(x|twitter)\.com\/[A-Za-z0-9_]{1,15}\/?$/,
    hint: 'a handle like @trader or an x.com link',
    href: (h) => `https://x.com/${h.replace(/^@/, '')}`,
  },
  discord: {
    handle: /^[a-z0-9_.]{2,32}$/,
    url: /^https:\/\/(discord\.gg|discord\.com\/invite)\/[A-Za-z0-9-]{2,32}\/?$/,
    hint: 'a Discord username or an invite link (discord.gg/…)',
    href: () => null,
  },
  github: {
    handle: /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/,
    url: /^https:\/\/(www\.)?github\.com\/[A-Za-z0-9-]{1,39}\/?$/,
    hint: 'a GitHub username or a github.com link',
    href: (h) => `https://github.com/${h}`,
  },
  website: {
    handle: /$^/, // a website is always a link
    url: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
    hint: 'a link starting with https://',
    href: () => null,
  },
}

/** What is wrong with one social link, or null (an empty value clears the link; a kind not offered takes only that). */
export function socialLinkProblem(key: SocialKey, value: string): string | null {
  if (value === '') return null
  if (!isOfferedSocialKey(key))
    return `${SOCIAL_LABELS[key]} links are no longer offered: you can only remove yours`
  const rule = SOCIAL_RULES[key]
  if (value.length > SOCIAL_LINK_MAX) return `${SOCIAL_LABELS[key]}: at most ${SOCIAL_LINK_MAX} characters`
  if (rule.handle.test(value) || rule.url.test(value)) {
    if (key === 'website') {
      try {
        const url = new URL(value)
        if (url.protocol === 'http:' || url.protocol === 'https:') return null
      } catch {}
    } else return null
  }
  return `${SOCIAL_LABELS[key]}: enter ${rule.hint}`
}

/** The link a social value opens, or null when it is shown as text (a Discord username). */
export function socialLinkHref(key: SocialKey, value: string): string | null {
  const rule = SOCIAL_RULES[key]
  if (rule.url.test(value)) return value
  return rule.handle.test(value) ? rule.href(value) : null
}

/** What blocking says when it refuses (the site's words). */
export const BLOCK_MESSAGES = {
  blockSelf: 'You cannot block yourself',
  notBlocked: 'This trader is not blocked',
  blocked: 'You cannot do this: one of you blocked the other',
  traderNotFound: 'No trader has this username',
} as const
