import { useQuery } from '@tanstack/react-query'
import { Copy, KeyRound } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { STOCK_GAME_NAMES, type StockGameId } from '@/shared/games'
import type { CreatedToken, IngestToken } from '@/shared/stock'
import { STOCK_LIMITS, TOKEN_STOP_LABELS } from '@/shared/stock-rules'
import { buttonClass } from '@/web/components/ui/button'
import { Field, FormMessage } from '@/web/components/ui/field'
import { Spinner } from '@/web/components/ui/spinner'
import { formatDay, formatRelative } from '@/web/lib/format'
import { toast } from '@/web/lib/toast'
import { tokensQuery, useCreateToken, useRevokeToken } from '../../api'
import { errorText, Panel } from './panel'

/** A token's state: one line, cut with an ellipsis on a narrow screen (the whole text in its title). */
const PILL =
  'ml-1 inline-block max-w-full truncate whitespace-nowrap rounded-full px-2 py-0.5 align-bottom font-semibold text-xs'

/** The token just created: shown this once, with a copy button. */
function NewToken({ game, token, onDone }: { game: string; token: CreatedToken; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token)
      toast.success('Token copied')
    } catch {
      toast.error('Copying failed: select the token and copy it by hand')
    }
  }
  return (
    <div role="status" className="space-y-2 rounded-xl border border-warn/50 bg-warn/10 p-3">
      <p className="font-semibold text-sm">
        Token “{token.name}” created. Copy it now: it is shown only once and cannot be read again.
      </p>
      <label htmlFor={`token-${token.id}`} className="sr-only">
        New ingest token
      </label>
      <textarea
        id={`token-${token.id}`}
        readOnly
        rows={2}
        value={token.token}
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full resize-none break-all rounded-lg border border-line bg-bg px-3 py-2 font-mono text-sm"
      />
      <p className="text-muted text-xs">
        Bots send it as <code className="font-mono">Authorization: Bearer …</code> with{' '}
        <code className="font-mono">POST /api/stock/{game}/reports</code>.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={copy} className={buttonClass('primary', 'sm')}>
          <Copy aria-hidden="true" className="size-4" /> Copy token
        </button>
        <button type="button" onClick={onDone} className={buttonClass('ghost', 'sm')}>
          Done
        </button>
      </div>
    </div>
  )
}

function RevokeToken({ game, token }: { game: string; token: IngestToken }) {
  const [confirming, setConfirming] = useState(false)
  const revoke = useRevokeToken(game)
  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)} className={buttonClass('secondary', 'sm')}>
        Revoke <span className="sr-only">{token.name}</span>
      </button>
    )
  }
  return (
    <fieldset className="flex flex-wrap items-center gap-2 text-sm">
      <legend className="float-left mr-1">Revoke {token.name}? Bots using it are refused at once.</legend>
      <button type="button" onClick={() => setConfirming(false)} className={buttonClass('ghost', 'sm')}>
        Cancel
      </button>
      <button
        type="button"
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate({ id: token.id, name: token.name }, { onSettled: () => setConfirming(false) })
        }
        className={buttonClass('primary', 'sm')}
      >
        Revoke
      </button>
    </fieldset>
  )
}

/** Ingest tokens of one game, for bots: create (shown once), list with last use, revoke. */
export function IngestTokens({ game }: { game: StockGameId }) {
  const query = useQuery(tokensQuery(game))
  const create = useCreateToken(game)
  const [name, setName] = useState('')
  const [created, setCreated] = useState<CreatedToken | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return
    create.mutate(trimmed, {
      onSuccess: (token) => {
        setCreated(token)
        setName('')
      },
    })
  }
  return (
    <Panel id="ingest-tokens" title={`Ingest tokens for ${STOCK_GAME_NAMES[game]}`}>
      <p className="text-muted text-sm">
        Bots post the stock with a token. Each token works for this game only, and only while its creator may
        manage the game.
      </p>
      <form onSubmit={submit} aria-label="Create a token" className="mt-3 flex flex-wrap items-end gap-2">
        <Field
          label="Token name"
          placeholder="e.g. discord-stock-bot"
          autoComplete="off"
          maxLength={STOCK_LIMITS.tokenNameMax}
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
          <KeyRound aria-hidden="true" className="size-4" /> Create token
        </button>
        {create.isError && (
          <div className="basis-full">
            <FormMessage kind="error">
              {errorText(create.error, 'The token could not be created')}
            </FormMessage>
          </div>
        )}
      </form>
      {created && (
        <div className="mt-3">
          <NewToken game={game} token={created} onDone={() => setCreated(null)} />
        </div>
      )}
      <div className="mt-4">
        {query.isPending ? (
          <Spinner label="Loading the tokens" className="py-6" />
        ) : query.isError ? (
          <FormMessage kind="error">{errorText(query.error, 'The tokens could not be loaded.')}</FormMessage>
        ) : query.data.tokens.length === 0 ? (
          <p className="text-muted text-sm">No tokens yet.</p>
        ) : (
          <ul aria-label="Tokens" className="divide-y divide-line">
            {query.data.tokens.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                <span className="min-w-0 text-sm">
                  <span className="font-medium [overflow-wrap:anywhere]">{t.name}</span>{' '}
                  {t.revokedAt && (
                    <span className={`${PILL} bg-danger/15 text-danger`}>
                      Revoked {formatDay(t.revokedAt)}
                    </span>
                  )}
                  {t.stoppedReason && (
                    <span className={`${PILL} bg-warn/15`} title={TOKEN_STOP_LABELS[t.stoppedReason](game)}>
                      {TOKEN_STOP_LABELS[t.stoppedReason](game)}
                    </span>
                  )}
                  <span className="block text-muted text-xs">
                    Created {formatDay(t.createdAt)}
                    {t.createdBy ? ` by ${t.createdBy}` : ''} ·{' '}
                    {t.lastUsedAt ? `last used ${formatRelative(t.lastUsedAt)}` : 'never used'}
                  </span>
                </span>
                {!t.revokedAt && <RevokeToken game={game} token={t} />}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  )
}
