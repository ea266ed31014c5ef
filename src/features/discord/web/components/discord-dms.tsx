import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { ApiError } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { connectionQuery, disconnectMutation } from '../api'

const sectionClass = 'rounded-2xl border border-line bg-surface p-5 sm:p-6'

/** The alerts tab's "Discord DMs" block: the Discord user the bot DMs, and disconnecting it. */
export function DiscordDms() {
  const client = useQueryClient()
  const { data, isError, refetch } = useQuery(connectionQuery)
  const disconnect = useMutation(disconnectMutation(client))
  const connection = data?.connection
  return (
    <section aria-labelledby="discord-dms-title" className={sectionClass}>
      <h2 id="discord-dms-title" className="font-semibold text-lg">
        Discord DMs
      </h2>
      {isError ? (
        <p className="mt-2 text-sm">
          The connection could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => refetch()}>
            Try again
          </button>
        </p>
      ) : !data ? (
        <p className="mt-2 text-muted text-sm">Loading…</p>
      ) : !connection ? (
        <p className="mt-2 text-muted text-sm">
          Run /watch with the TradeHub bot in Discord to get your restock and value alerts as DMs.
        </p>
      ) : (
        <div className="mt-2 space-y-3 text-sm">
          <p>
            The TradeHub bot DMs your restock and value alerts to{' '}
            {connection.username ? (
              <span className="font-medium">@{connection.username}</span>
            ) : (
              <>
                the Discord user <span className="font-medium font-mono">{connection.discordUserId}</span>
              </>
            )}{' '}
            on Discord.
          </p>
          {connection.dmProblem && (
            <p role="status" className="text-danger">
              Discord stopped taking the DMs ({connection.dmProblem}). Open your DMs to the bot, then run
              /watch again.
            </p>
          )}
          <ConfirmInPlace
            question="Stop the DMs and disconnect this Discord account?"
            confirmLabel="Disconnect"
            disabled={disconnect.isPending}
            onConfirm={(done) =>
              disconnect.mutate(undefined, {
                onSuccess: () => toast('Discord disconnected'),
                onError: (e) =>
                  toast.error('Error', {
                    description: e instanceof ApiError ? e.message : 'Please try again.',
                  }),
                onSettled: done,
              })
            }
          >
            Disconnect
          </ConfirmInPlace>
        </div>
      )}
    </section>
  )
}
