import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatDay } from '@/platform/web/lib/format'
import { toast } from '@/platform/web/lib/toast'
import { blocksQuery } from '../../blocks'
import { blockMutation } from '../block-change'

/** The traders I blocked, newest first, each with Unblock. */
export function BlockedTraders() {
  const blocks = useQuery(blocksQuery)
  const change = useMutation(blockMutation)
  const unblock = (username: string) =>
    change.mutate(
      { username, blocked: false },
      {
        onSuccess: () => toast.success(`${username} unblocked`),
        onError: (error) => toast.error('Error', { description: error.message }),
      },
    )
  return (
    <section
      aria-labelledby="blocked-heading"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="blocked-heading" className="font-semibold text-lg">
        Blocked traders
      </h2>
      <p className="mt-1 text-muted text-sm">
        You do not see their ads, and neither of you can offer, message or review the other.
      </p>
      {blocks.isPending ? (
        <Spinner label="Loading blocked traders" />
      ) : blocks.isError ? (
        <div className="mt-3">
          <FormMessage kind="error">
            Failed to load the traders you blocked. Reload the page to try again.
          </FormMessage>
        </div>
      ) : blocks.data.blocks.length === 0 ? (
        <p className="mt-3">You have not blocked anyone.</p>
      ) : (
        <ul aria-label="Blocked traders" className="mt-3 divide-y divide-line">
          {blocks.data.blocks.map((b) => (
            <li key={b.username} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span>
                <Link to={`/u/${b.username}`} className="font-medium text-accent underline">
                  {b.username}
                </Link>{' '}
                <span className="text-muted text-sm">Blocked {formatDay(b.blockedAt)}</span>
              </span>
              <button
                type="button"
                disabled={change.isPending}
                onClick={() => unblock(b.username)}
                className={buttonClass('secondary', 'sm')}
              >
                Unblock<span className="sr-only"> {b.username}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
