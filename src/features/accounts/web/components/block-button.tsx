import { useMutation, useQuery } from '@tanstack/react-query'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { toast } from '@/platform/web/lib/toast'
import { blocksQuery } from '../blocks'
import { blockMutation } from './block-change'

/**
 * Block (after a question in place) or Unblock a trader. Render it for a signed-in viewer looking at
 * someone else: it reads the viewer's blocks.
 */
export function BlockButton({ username, className }: { username: string; className?: string }) {
  const blocks = useQuery(blocksQuery)
  const change = useMutation(blockMutation)
  const blocked = blocks.data?.blocks.some((b) => b.username === username.toLowerCase()) ?? false
  const act = (done: () => void) =>
    change.mutate(
      { username, blocked: !blocked },
      {
        onSuccess: () => toast.success(blocked ? `${username} unblocked` : `${username} blocked`),
        onError: (error) => toast.error('Error', { description: error.message }),
        onSettled: done,
      },
    )
  return (
    <ConfirmInPlace
      ask={!blocked}
      question={`Block ${username}? You will not see their ads, and neither of you can offer, message or review the other.`}
      confirmLabel="Block"
      disabled={blocks.isPending || change.isPending}
      onConfirm={act}
      className={className ?? buttonClass('ghost', 'sm')}
    >
      {blocked ? 'Unblock' : 'Block'}
      <span className="sr-only"> {username}</span>
    </ConfirmInPlace>
  )
}
