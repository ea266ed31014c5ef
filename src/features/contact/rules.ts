/** The contact form's choices and limits, shared by the form and the server (free of zod). */

/** What a message is about: a fixed list, so the team can sort what comes in. */
export const CONTACT_TOPICS = ['value-correction', 'bug', 'account', 'data-request', 'idea', 'other'] as const
export type ContactTopic = (typeof CONTACT_TOPICS)[number]

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  'value-correction': 'Value correction',
  bug: 'Bug report',
  account: 'Account help',
  'data-request': 'Data request',
  idea: 'Idea or feature request',
  other: 'Something else',
}

export const CONTACT_MESSAGE_MIN = 10
export const CONTACT_MESSAGE_MAX = 2000

/** Where a message stands in the admin area: new, answered by the team, or closed. */
export const CONTACT_STATUSES = ['new', 'answered', 'closed'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  answered: 'Answered',
  closed: 'Closed',
}

/** Told to every sender, whatever the address (it says nothing about who has an account). */
export const CONTACT_RECEIVED =
  'Thanks, your message has reached the TradeHub team. We answer at the address you gave, usually within a few days.'

export const CONTACT_MESSAGE_NOT_FOUND = 'No contact message with this id'
