import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import type { ApiKey, CreatedApiKey } from '@/features/public-api/contract'
import { PUBLIC_API_LIMITS } from '@/features/public-api/rules'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { FormMessage } from '@/platform/web/components/ui/field'
import { CreateSecretForm, NewSecret } from '@/platform/web/components/ui/secrets'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatDay, formatRelative } from '@/platform/web/lib/format'
import { toast } from '@/platform/web/lib/toast'
import { apiKeysQuery, useCreateApiKey, useRevokeApiKey } from '../api'

function RevokeKey({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey()
  return (
    <ConfirmInPlace
      question={`Revoke ${apiKey.name}? Requests with it are refused from then on.`}
      confirmLabel="Revoke"
      disabled={revoke.isPending}
      onConfirm={(done) =>
        revoke.mutate(apiKey.id, {
          onSuccess: () => toast.success(`API key ${apiKey.name} revoked`),
          onError: (error) => toast.error('Error', { description: error.message }),
          onSettled: done,
        })
      }
    >
      Revoke<span className="sr-only"> {apiKey.name}</span>
    </ConfirmInPlace>
  )
}

/** The profile's API keys: create (shown once), list with their use, revoke. */
export function ApiKeys() {
  const query = useQuery(apiKeysQuery)
  const create = useCreateApiKey()
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  return (
    <section
      aria-labelledby="api-keys-heading"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="api-keys-heading" className="font-semibold text-lg">
        API keys
      </h2>
      <p className="mt-1 text-muted text-sm">
        A key raises your bot's or site's limit on the <Link to="/docs/api">public API</Link> from{' '}
        {PUBLIC_API_LIMITS.anonymousPerMinute} to {PUBLIC_API_LIMITS.keyPerMinute} requests a minute. Send it
        as <code className="font-mono">X-API-Key</code>.
      </p>
      <CreateSecretForm
        short="key"
        placeholder="e.g. my-discord-bot"
        maxLength={PUBLIC_API_LIMITS.keyNameMax}
        pending={create.isPending}
        error={create.isError ? create.error.message : null}
        onCreate={(name, clear) =>
          create.mutate(
            { name },
            {
              onSuccess: (key) => {
                setCreated(key)
                clear()
              },
            },
          )
        }
      />
      {created && (
        <div className="mt-3">
          <NewSecret
            noun="API key"
            short="key"
            label="New API key"
            id={created.id}
            name={created.name}
            secret={created.key}
            onDone={() => setCreated(null)}
          />
        </div>
      )}
      <div className="mt-4">
        {query.isPending ? (
          <Spinner label="Loading your API keys" />
        ) : query.isError ? (
          <FormMessage kind="error">Failed to load your API keys. Reload the page to try again.</FormMessage>
        ) : query.data.keys.length === 0 ? (
          <p className="text-muted text-sm">No API keys yet.</p>
        ) : (
          <ul aria-label="API keys" className="divide-y divide-line">
            {query.data.keys.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                <span className="min-w-0 text-sm">
                  <span className="font-medium [overflow-wrap:anywhere]">{k.name}</span>{' '}
                  <code className="font-mono text-muted text-xs">{k.prefix}…</code>
                  {k.revokedAt && (
                    <span className="ml-1 text-danger text-xs">Revoked {formatDay(k.revokedAt)}</span>
                  )}
                  <span className="block text-muted text-xs">
                    Created {formatDay(k.createdAt)} · {k.useCount.toLocaleString('en-US')}{' '}
                    {k.useCount === 1 ? 'request' : 'requests'} ·{' '}
                    {k.lastUsedAt ? `last used ${formatRelative(k.lastUsedAt)}` : 'never used'}
                  </span>
                </span>
                {!k.revokedAt && <RevokeKey apiKey={k} />}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
