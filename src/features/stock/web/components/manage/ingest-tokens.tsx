import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { CreatedToken, IngestToken } from '@/features/stock/contract'
import { STOCK_LIMITS, TOKEN_STOP_LABELS } from '@/features/stock/rules'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { FormMessage } from '@/platform/web/components/ui/field'
import { CreateSecretForm, NewSecret } from '@/platform/web/components/ui/secrets'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatDay, formatRelative } from '@/platform/web/lib/format'
import { STOCK_GAME_NAMES, type StockGameId } from '@/shared/games'
import { tokensQuery, useCreateToken, useRevokeToken } from '../../api'
import { errorText, Panel } from './panel'

/** A token's state: one line, cut with an ellipsis on a narrow screen (the whole text in its title). */
const PILL =
  'ml-1 inline-block max-w-full truncate whitespace-nowrap rounded-full px-2 py-0.5 align-bottom font-semibold text-xs'

function RevokeToken({ game, token }: { game: string; token: IngestToken }) {
  const revoke = useRevokeToken(game)
  return (
    <ConfirmInPlace
      question={`Revoke ${token.name}? Bots using it are refused at once.`}
      confirmLabel="Revoke"
      disabled={revoke.isPending}
      onConfirm={(done) => revoke.mutate({ id: token.id, name: token.name }, { onSettled: done })}
    >
      Revoke <span className="sr-only">{token.name}</span>
    </ConfirmInPlace>
  )
}

/** Ingest tokens of one game, for bots: create (shown once), list with last use, revoke. */
export function IngestTokens({ game }: { game: StockGameId }) {
  const query = useQuery(tokensQuery(game))
  const create = useCreateToken(game)
  const [created, setCreated] = useState<CreatedToken | null>(null)
  return (
    <Panel id="ingest-tokens" title={`Ingest tokens for ${STOCK_GAME_NAMES[game]}`}>
      <p className="text-muted text-sm">
        Bots post the stock with a token. Each token works for this game only, and only while its creator may
        manage the game.
      </p>
      <CreateSecretForm
        short="token"
        placeholder="e.g. discord-stock-bot"
        maxLength={STOCK_LIMITS.tokenNameMax}
        pending={create.isPending}
        error={create.isError ? errorText(create.error, 'The token could not be created') : null}
        onCreate={(name, clear) =>
          create.mutate(name, {
            onSuccess: (token) => {
              setCreated(token)
              clear()
            },
          })
        }
      />
      {created && (
        <div className="mt-3">
          <NewSecret
            noun="Token"
            short="token"
            label="New ingest token"
            id={created.id}
            name={created.name}
            secret={created.token}
            onDone={() => setCreated(null)}
          >
            Bots send it as <code className="font-mono">Authorization: Bearer …</code> with{' '}
            <code className="font-mono">POST /api/stock/{game}/reports</code>.
          </NewSecret>
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
