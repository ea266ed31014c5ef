/**
 * The query keys of the notification center. The shell's live updates use them (the unread count's
 * data is an UnreadCountResponse, `{ unread }`), so this file ships with every page: keys only.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
}
