import type { MiddlemanJob } from '@/features/middlemen/contract'
import type { TradeOfferRound, TradeSlot } from '@/features/trading/contract'
import { Avatar } from '@/platform/web/components/ui/avatar'
import { ValueText } from '@/platform/web/components/ui/value-text'
import { formatRelative } from '@/platform/web/lib/format'

type Party = MiddlemanJob['traders'][number]

/** One trader of the job: their TradeHub name, and the Roblox account to find in the trade window. */
function TraderLine({ trader }: { trader: Party }) {
  const roblox = trader.roblox
  return (
    <p className="flex min-w-0 items-center gap-2">
      <Avatar url={roblox?.avatarUrl ?? null} name={trader.username} />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-semibold">{trader.username}</span>
        {roblox ? (
          <span className="text-muted">
            {' '}
            · Roblox <span className="font-medium text-ink">@{roblox.name}</span>
            {roblox.displayName !== roblox.name && ` (${roblox.displayName})`}
          </span>
        ) : (
          <span className="text-muted"> · Roblox account not verified</span>
        )}
      </span>
    </p>
  )
}

/** What one trader hands over, each item with its value. */
function Gives({ trader, slots, total }: { trader: Party; slots: TradeSlot[]; total: number }) {
  return (
    <div className="min-w-0 rounded-lg border border-line bg-bg p-3">
      <TraderLine trader={trader} />
      <p className="mt-2 text-muted text-xs">
        Gives (total <ValueText value={total} />)
      </p>
      <ul className="mt-1 grid gap-0.5">
        {slots.map((s) => (
          <li key={`${s.item}:${s.variant ?? ''}`} className="flex justify-between gap-2">
            <span className="[overflow-wrap:anywhere]">
              {s.name}
              {s.quantity > 1 && ` ×${s.quantity}`}
            </span>
            <ValueText
              value={s.value === null ? null : s.value * s.quantity}
              className="shrink-0 text-muted"
            />
          </li>
        ))}
      </ul>
    </div>
  )
}

const names = (slots: TradeSlot[]) =>
  slots.map((s) => (s.quantity > 1 ? `${s.name} ×${s.quantity}` : s.name)).join(', ') || 'nothing'

/** One earlier round in a line: who proposed what, when. */
function RoundLine({ round, owner, offerer }: { round: TradeOfferRound; owner: string; offerer: string }) {
  return (
    <li>
      <span className="font-medium">
        {round.round === 1 ? 'Offer' : `Counter ${round.round - 1}`} by {round.proposer}
      </span>{' '}
      <time dateTime={round.createdAt} className="text-muted text-xs">
        {formatRelative(round.createdAt)}
      </time>
      : {offerer} gives {names(round.offering)}; {owner} gives {names(round.requesting)}.
    </li>
  )
}

/**
 * A middleman's view of the trade: both traders with their Roblox accounts and avatars, the terms they
 * accepted (each side's items with values: what the middleman holds each side to), and how they got
 * there. The ad's owner is `traders[0]`, the offerer `traders[1]`; an offer's `offering` is the offerer's.
 */
export function JobTerms({ job }: { job: MiddlemanJob }) {
  const [owner, offerer] = job.traders as [Party, Party]
  const accepted = job.rounds.at(-1)
  if (!accepted) return null
  return (
    <section aria-label="Agreed terms" className="mt-3 text-sm">
      <h3 className="font-semibold">Agreed terms</h3>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        <Gives trader={owner} slots={accepted.requesting} total={accepted.wfl.requesting} />
        <Gives trader={offerer} slots={accepted.offering} total={accepted.wfl.offering} />
      </div>
      {job.rounds.length > 1 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-muted">
            The negotiation ({job.rounds.length} rounds)
          </summary>
          <ol className="mt-1 grid gap-1">
            {job.rounds.map((round) => (
              <RoundLine key={round.round} round={round} owner={owner.username} offerer={offerer.username} />
            ))}
          </ol>
        </details>
      )}
    </section>
  )
}
