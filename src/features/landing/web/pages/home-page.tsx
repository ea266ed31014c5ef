import {
  ArrowRight,
  BadgeCheck,
  Bot,
  Calculator,
  Gift,
  HandCoins,
  MessagesSquare,
  Scale,
  ShieldCheck,
  Sprout,
  Star,
  Store,
  UserPlus,
  Zap,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useSignedIn } from '@/features/accounts/web/public'
import { valueCoverage } from '@/features/catalog/rules'
import type { SiteSummary } from '@/features/landing/contract'
import { EarlyAccessForm } from '@/features/launch-list/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Figures } from '@/platform/web/components/ui/figures'
import { formatCount, formatDay, formatRelative } from '@/platform/web/lib/format'
import { useRenderNow } from '@/platform/web/lib/now'
import { Part } from '@/platform/web/lib/part'
import { useDiscordLinks, useSiteSummary } from '../api'

function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string
  title: string
  lead: string
  children: ReactNode
}) {
  return (
    <Part>
      <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id={id} className="font-bold text-2xl tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mt-2 max-w-2xl text-muted">{lead}</p>
        <div className="mt-8">{children}</div>
      </section>
    </Part>
  )
}

function Card({
  icon,
  title,
  children,
  footer,
}: {
  icon: ReactNode
  title: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className="flex flex-col rounded-2xl border border-line bg-surface p-5">
      <div className="flex size-10 items-center justify-center rounded-xl bg-accent/10 text-accent">
        {icon}
      </div>
      <h3 className="mt-4 font-semibold text-lg">{title}</h3>
      <p className="mt-1 flex-1 text-muted text-sm">{children}</p>
      {/* Its links are 24 px targets (WCAG 2.2 target size). */}
      {footer && <div className="mt-4 [&_a]:inline-flex [&_a]:min-h-6 [&_a]:items-center">{footer}</div>}
    </div>
  )
}

/** "changed 3 days ago", "no values yet", or for a game valued in part "… · 88 of 315 valued". */
function GameFreshness({ game }: { game: SiteSummary['games'][number] }) {
  const now = useRenderNow()
  if (game.lastValueChangeAt === null || valueCoverage(game) === 'none') return <>no values yet</>
  return (
    <>
      changed{' '}
      <time dateTime={game.lastValueChangeAt} title={formatDay(game.lastValueChangeAt)}>
        {formatRelative(game.lastValueChangeAt, now)}
      </time>
      {valueCoverage(game) === 'partial' &&
        ` · ${formatCount(game.valuedCount)} of ${formatCount(game.itemCount)} valued`}
    </>
  )
}

/** Figures counted from the database; nothing shown that the site cannot back. */
function LiveFigures() {
  const { data, isPending, isError } = useSiteSummary()
  if (isError) return null
  const stats = data?.stats
  const figures = [
    { label: 'games covered', value: stats ? formatCount(stats.games) : '…' },
    { label: 'items tracked', value: stats ? formatCount(stats.items) : '…' },
    { label: 'items with a trade value', value: stats ? formatCount(stats.valuedItems) : '…' },
  ]
  return (
    <div aria-busy={isPending}>
      <Figures figures={figures} className="grid grid-cols-3 gap-3 sm:max-w-xl" />
      {data && (
        <>
          <p className="mt-4 text-muted text-sm">
            When each game's values last changed (
            <Link to="/how-values-are-set" className="text-accent underline">
              how values are set
            </Link>
            ):
          </p>
          <ul
            aria-label="When each game's values last changed"
            className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4"
          >
            {data.games.map((game) => (
              <li key={game.id}>
                <Link
                  to={`/trade-helper/${game.id}`}
                  className="flex min-h-6 flex-col rounded-lg px-2 py-1 text-sm hover:bg-surface"
                >
                  <span className="font-medium text-ink">{game.name}</span>{' '}
                  <span className="text-muted text-xs">
                    <GameFreshness game={game} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

export function HomePage() {
  const discord = useDiscordLinks()
  return (
    <>
      <section className="relative overflow-hidden border-line border-b">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(52,211,153,0.16),transparent_55%)]"
        />
        <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-accent/30 bg-accent/10 px-3 py-1 font-medium text-accent text-xs">
              <Zap aria-hidden="true" className="size-3.5" /> The marketplace is open
            </p>
            <h1 className="mt-5 font-extrabold text-4xl tracking-tight sm:text-5xl">
              Know what your items are worth <span className="text-accent">before you trade.</span>
            </h1>
            <p className="mt-4 max-w-xl text-lg text-muted">
              Item values and a win / fair / loss trade calculator for Blox Fruits, Grow a Garden, Adopt Me
              and more. Check any trade in seconds and share it with one link.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/values-and-wfl" className={buttonClass('primary', 'lg')}>
                Check item values <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
              <Link to="/values-and-wfl?tab=wfl" className={buttonClass('secondary', 'lg')}>
                Open the WFL calculator
              </Link>
              <Link to="/trading" className={buttonClass('secondary', 'lg')}>
                Browse trade ads
              </Link>
            </div>
          </div>
          <Part>
            <div className="rounded-2xl border border-line bg-surface p-6 shadow-2xl shadow-black/30">
              <HeroCard />
            </div>
          </Part>
          <Part>
            <div className="lg:col-span-2">
              <LiveFigures />
            </div>
          </Part>
        </div>
      </section>

      <Section
        id="tools"
        title="Tools traders use every day"
        lead="Free, fast and made for phones as much as desktops."
      >
        <div className={`grid gap-4 sm:grid-cols-2 ${discord.bot ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
          <Card
            icon={<Scale aria-hidden="true" />}
            title="Item values"
            footer={
              <Link to="/values-and-wfl" className="font-medium text-accent text-sm hover:underline">
                Browse values
              </Link>
            }
          >
            Search values, demand and trends for eight games, with the date of every change.
          </Card>
          <Card
            icon={<Calculator aria-hidden="true" />}
            title="WFL calculator"
            footer={
              <Link to="/values-and-wfl?tab=wfl" className="font-medium text-accent text-sm hover:underline">
                Check a trade
              </Link>
            }
          >
            Put in both sides of a trade and get Win, Fair or Loss with the rule shown.
          </Card>
          <Card
            icon={<Sprout aria-hidden="true" />}
            title="Stock trackers"
            footer={
              <span className="flex gap-3 text-sm">
                <Link to="/grow-a-garden-stock" className="font-medium text-accent hover:underline">
                  Grow a Garden
                </Link>
                <Link to="/blox-fruits-stock" className="font-medium text-accent hover:underline">
                  Blox Fruits
                </Link>
              </span>
            }
          >
            Shop restock times for Grow a Garden and the Blox Fruits dealer.
          </Card>
          {discord.bot && (
            <Card
              icon={<Bot aria-hidden="true" />}
              title="Discord bot"
              footer={
                <Link
                  to="/invite-bot"
                  reloadDocument
                  className="font-medium text-accent text-sm hover:underline"
                >
                  Invite the bot
                </Link>
              }
            >
              Look up values without leaving your trading server.
            </Card>
          )}
        </div>
      </Section>

      <Section
        id="marketplace"
        title="Trade safely on TradeHub"
        lead="The marketplace is open: trade ads with values on both sides, and protection built in."
      >
        <div className="grid gap-4 md:grid-cols-3">
          <Card icon={<HandCoins aria-hidden="true" />} title="Official middlemen">
            An official TradeHub middleman holds one side in the game until the other trader has delivered.
          </Card>
          <Card icon={<ShieldCheck aria-hidden="true" />} title="Verified traders">
            Traders prove their Roblox account, so you know who you are trading with.
          </Card>
          <Card icon={<Store aria-hidden="true" />} title="Reputation">
            Reviews from completed trades, achievements and upheld disputes follow a trader everywhere.
          </Card>
        </div>
        <div className="mt-6">
          <Link to="/trading" className={buttonClass('primary', 'lg')}>
            Go to the marketplace <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </Section>

      <Section id="how-it-works" title="How it works" lead="Three steps from signing up to a safe trade.">
        <ol className="grid gap-4 md:grid-cols-3">
          {[
            {
              icon: <UserPlus aria-hidden="true" />,
              title: 'Create your account',
              text: 'Pick a username and set up your trader profile.',
            },
            {
              icon: <Store aria-hidden="true" />,
              title: 'List or browse',
              text: 'Find the items you want, or list what you have to offer.',
            },
            {
              icon: <ShieldCheck aria-hidden="true" />,
              title: 'Trade securely',
              text: 'Check the trade with live values, then trade with confidence.',
            },
          ].map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-line bg-surface p-5">
              <div className="flex items-center gap-3">
                <span className="flex size-8 items-center justify-center rounded-full bg-accent font-bold text-accent-ink text-sm">
                  {index + 1}
                </span>
                <span className="text-accent">{step.icon}</span>
              </div>
              <h3 className="mt-4 font-semibold text-lg">{step.title}</h3>
              <p className="mt-1 text-muted text-sm">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      {discord.server && (
        <Section
          id="community"
          title="Trade with the community"
          lead="Ask for value checks, find trades and meet other traders on our Discord server."
        >
          <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface p-6 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-center gap-4">
              <MessagesSquare aria-hidden="true" className="size-10 shrink-0 text-accent" />
              <p className="text-muted">
                Trading channels for every game we cover, value questions answered by traders.
              </p>
            </div>
            <Link to="/join-server" reloadDocument className={buttonClass('primary', 'lg')}>
              Join the Discord server
            </Link>
          </div>
        </Section>
      )}
    </>
  )
}

/**
 * The hero's card: a visitor is asked to join the launch list (the OG badge); a signed-in trader, who
 * has an account already, is led to their trades instead (unless they follow the list's verification link). The server renders the visitor's card (the
 * page is the same for everyone); the browser swaps it once it knows the session.
 */
function HeroCard() {
  const signedIn = useSignedIn()
  // The launch list's verification link lands here with its token: the form verifies it for anyone.
  // (the form takes the token out of the address; the card stays while it says how that went).
  const [params] = useSearchParams()
  const [fromLink] = useState(() => params.has('token'))
  return signedIn && !fromLink ? <TraderCard /> : <LaunchListCard />
}

function TraderCard() {
  return (
    <>
      <h2 className="font-bold text-xl">Welcome back</h2>
      <p className="mt-1 text-muted text-sm">Pick up where you left off:</p>
      <ul className="mt-4 space-y-3 text-sm">
        <li>
          <Link to="/trading/mine" className="font-medium text-accent hover:underline">
            My trades
          </Link>
          : offers to answer, trades to confirm.
        </li>
        <li>
          <Link to="/trading/new" className="font-medium text-accent hover:underline">
            Post a trade ad
          </Link>
          : say what you have and what you want.
        </li>
        <li>
          <Link to="/notifications" className="font-medium text-accent hover:underline">
            Notifications
          </Link>
          : new offers, messages and the stock you watch.
        </li>
      </ul>
    </>
  )
}

function LaunchListCard() {
  return (
    <>
      <h2 className="font-bold text-xl">Join the launch list</h2>
      <p className="mt-1 text-muted text-sm">Sign up with your e-mail to become an OG member:</p>
      <ul className="mt-4 space-y-2 text-sm">
        <li className="flex gap-2">
          <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-accent" /> An OG badge on your
          profile
        </li>
        <li className="flex gap-2">
          <Star aria-hidden="true" className="size-5 shrink-0 text-accent" /> Early access to new features
        </li>
        <li className="flex gap-2">
          <Gift aria-hidden="true" className="size-5 shrink-0 text-accent" /> Automatic entry into the
          launch-day giveaway
        </li>
      </ul>
      <div className="mt-5">
        <EarlyAccessForm />
      </div>
    </>
  )
}
