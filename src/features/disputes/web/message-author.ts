import type { DisputeMessage } from '@/features/disputes/contract'
import type { DisputeRole } from '@/features/disputes/rules'

/** A message author's part in the dispute, as the page shows it after their name. */
export const DISPUTE_ROLE_LABELS: Record<DisputeRole, string> = {
  opener: 'opened the dispute',
  respondent: 'other trader',
  middleman: 'middleman',
  moderator: 'moderator',
}

/**
 * Who wrote a dispute message, for its reader (`readerUsername`, null: none set): "You" for the reader's
 * own messages, else the author's username (null: a deleted account) and their part in the dispute.
 */
export function messageAuthor(
  message: Pick<DisputeMessage, 'author' | 'role'>,
  readerUsername: string | null,
): { name: string; part: string | null } {
  if (readerUsername !== null && message.author === readerUsername) return { name: 'You', part: null }
  return {
    name: message.author ?? 'A deleted account',
    part: message.role ? DISPUTE_ROLE_LABELS[message.role] : null,
  }
}
