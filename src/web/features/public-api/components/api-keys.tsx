import { useQuery } from '@tanstack/react-query'
import { Copy, KeyRound } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import type { ApiKey, CreatedApiKey } from '@/shared/public-api'
import { PUBLIC_API_LIMITS } from '@/shared/public-api-rules'
import { buttonClass } from '@/web/components/ui/button'
import { Field, FormMessage } from '@/web/components/ui/field'
import { Spinner } from '@/web/components/ui/spinner'
import { formatDay, formatRelative } from '@/web/lib/format'
import { toast } from '@/web/lib/toast'
import { apiKeysQuery, useCreateApiKey, useRevokeApiKey } from '../api'

/** The key just created: shown this once, with a copy button. */
function NewKey({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey.key)
      toast.success('API key copied')
    } catch {
      toast.error('Copying failed: select the key and copy it by hand')
    }
  }
  return (
    <div role="status" className="space-y-2 rounded-xl border border-warn/50 bg-warn/10 p-3">
      <p className="font-semibold text-sm">
        API key “{apiKey.name}” created. Copy it now: it is shown only once and cannot be read again.
      </p>
      <label htmlFor={`api-key-${apiKey.id}`} className="sr-only">
        New API key
      </label>
      <textarea
        id={`api-key-${apiKey.id}`}
        readOnly
        rows={2}
        value={apiKey.key}
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full resize-none break-all rounded-lg border border-line bg-bg px-3 py-2 font-mono text-sm"
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={copy} className={buttonClass('primary', 'sm')}>
          <Copy aria-hidden="true" className="size-4" /> Copy key
        </button>
        <button type="button" onClick={onDone} className={buttonClass('ghost', 'sm')}>
          Done
        </button>
      </div>
    </div>
  )
}

function RevokeKey({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey()
  return (
    <button
      type="button"
      disabled={revoke.isPending}
      onClick={() =>
        revoke.mutate(apiKey.id, {
          onSuccess: () => toast.success(`API key ${apiKey.name} revoked`),
          onError: (error) => toast.error('Error', { description: error.message }),
        })
      }
      className={buttonClass('secondary', 'sm')}
    >
      Revoke<span className="sr-only"> {apiKey.name}</span>
    </button>
  )
}

/** The profile's API keys: create (shown once), list with their use, revoke. */
export function ApiKeys() {
  const query = useQuery(apiKeysQuery)
  const create = useCreateApiKey()
  const [name, setName] = useState('')
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return
    create.mutate(
      { name: trimmed },
      {
        onSuccess: (key) => {
          setCreated(key)
          setName('')
        },
      },
    )
  }
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
      <form onSubmit={submit} aria-label="Create an API key" className="mt-3 flex flex-wrap items-end gap-2">
        <Field
          label="Key name"
          placeholder="e.g. my-discord-bot"
          autoComplete="off"
          maxLength={PUBLIC_API_LIMITS.keyNameMax}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          className="min-w-0 flex-1 basis-48"
        />
        <button
          type="submit"
          disabled={create.isPending || !name.trim()}
          className={buttonClass('primary', 'md')}
        >
          <KeyRound aria-hidden="true" className="size-4" /> Create key
        </button>
        {create.isError && (
          <div className="basis-full">
            <FormMessage kind="error">{create.error.message}</FormMessage>
          </div>
        )}
      </form>
      {created && (
        <div className="mt-3">
          <NewKey apiKey={created} onDone={() => setCreated(null)} />
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
