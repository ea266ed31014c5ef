import type { ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import type { Me } from '@/features/accounts/contract'
import { SignInPrompt, useFreshPermissions, useMe } from '@/features/accounts/web/public'
import { IMPORT_GAMES } from '@/features/catalog/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount } from '@/platform/web/lib/format'
import { GAME_IDS, type GameId } from '@/shared/games'

interface AdminSection {
  to: string
  label: string
  /** Value editors of these games may open it too (admins open every section). */
  valueEditorsOf?: readonly GameId[]
  /** Moderators may open it too. */
  moderators?: boolean
  /** Guide editors may open it too. */
  guideEditors?: boolean
}

/** The sections of the admin area, each at its own address. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin', label: 'Overview' },
  { to: '/admin/admins', label: 'Admins' },
  { to: '/admin/stock-managers', label: 'Stock managers' },
  { to: '/admin/value-editors', label: 'Value editors' },
  { to: '/admin/moderators', label: 'Moderators' },
  { to: '/admin/guide-editors', label: 'Guide editors' },
  { to: '/admin/middlemen', label: 'Middlemen' },
  { to: '/admin/reports', label: 'Reports', moderators: true },
  { to: '/admin/disputes', label: 'Disputes', moderators: true },
  { to: '/admin/values', label: 'Value tools', valueEditorsOf: GAME_IDS },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/launch-list', label: 'Launch list' },
  { to: '/admin/contact', label: 'Contact messages' },
  { to: '/admin/mail', label: 'Mail queue' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/imports', label: 'Imports', valueEditorsOf: IMPORT_GAMES },
  { to: '/admin/guides', label: 'Guides', guideEditors: true },
]

/** Whether a user edits values of any of these games (admins edit every game's). */
const editsAny = (me: Me, games: readonly GameId[] | undefined) =>
  !!games && me.valueEditorGames.some((game) => games.includes(game))

/** Whether a signed-in user may open a section (or a page) that lets in these people besides admins. */
const mayOpen = (
  me: Me,
  {
    valueEditorsOf,
    moderators,
    guideEditors,
  }: Pick<AdminSection, 'valueEditorsOf' | 'moderators' | 'guideEditors'>,
) =>
  me.isAdmin ||
  editsAny(me, valueEditorsOf) ||
  (!!moderators && me.isModerator) ||
  (!!guideEditors && me.isGuideEditor)

/** The sections a signed-in user may open. */
const sectionsOf = (me: Me) => ADMIN_SECTIONS.filter((s) => mayOpen(me, s))

/**
 * The frame of every admin page: who is signed in is re-read on opening (roles may have changed); a
 * visitor is asked to sign in, a signed-in user who may not open the page is told so (with the
 * sections they may open); admins, and on a page that lets them in the value editors of those games
 * (`valueEditorsOf`) or the moderators (`moderators`), get the sections' menu and the page. The
 * server refuses every admin call to anyone else anyway.
 */
export function AdminArea({
  title,
  back,
  valueEditorsOf,
  moderators,
  guideEditors,
  children,
}: {
  title: string
  back: string
  valueEditorsOf?: readonly GameId[]
  moderators?: boolean
  guideEditors?: boolean
  children: ReactNode
}) {
  const { me, isPending } = useMe()
  const { refreshing } = useFreshPermissions()
  if (isPending || (refreshing && !me)) return <Spinner label="Checking access" />
  if (!me) {
    return (
      <Page title="Admin" lead="Site administration for TradeHub admins.">
        <SignInPrompt back={back}>Sign in with an admin account to use the admin area.</SignInPrompt>
      </Page>
    )
  }
  const sections = sectionsOf(me)
  if (!mayOpen(me, { valueEditorsOf, moderators, guideEditors })) {
    return (
      <Page title="Admin" lead="Site administration for TradeHub admins.">
        <FormMessage kind="error">
          You do not have access to the admin area. Your account ({me.email}) is not an admin.
        </FormMessage>
        {sections.length > 0 && (
          <p className="mt-4">
            You can open{' '}
            {sections.map((s, i) => (
              <span key={s.to}>
                {i > 0 && ', '}
                <Link to={s.to} className="font-semibold text-accent underline-offset-2 hover:underline">
                  {s.label}
                </Link>
              </span>
            ))}
            .
          </p>
        )}
      </Page>
    )
  }
  return (
    <Page title={title} wide>
      <nav aria-label="Admin sections" className="-mt-4 mb-6">
        <ul className="flex flex-wrap gap-1 whitespace-nowrap border-line border-b pb-2 text-sm">
          {sections.map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={s.to === '/admin'}
                className="block rounded-lg px-3 py-1.5 font-medium text-muted hover:bg-surface-2 hover:text-ink aria-[current=page]:bg-surface-2 aria-[current=page]:text-ink"
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </Page>
  )
}

/** Previous / Next for a paged list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const button =
    'rounded-lg border border-line bg-surface-2 px-3 py-1.5 font-semibold text-sm disabled:cursor-not-allowed disabled:opacity-50'
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={button}>
        Previous
      </button>
      <span className="text-muted">
        Page {page} of {pages}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className={button}>
        Next
      </button>
    </nav>
  )
}

/** A bordered panel with a heading, as every admin section uses. */
export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <h2 id={id} className="font-semibold text-lg [overflow-wrap:anywhere]">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** A date and time as the admin area shows them ("26 Nov 2026, 13:05"). */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** A row of buttons choosing one status (or all), each with its count: the admin area's lists by status. */
export function StatusFilter<S extends string>({
  legend,
  statuses,
  labels,
  counts,
  value,
  onChange,
}: {
  legend: string
  statuses: readonly S[]
  labels: Record<S, string>
  counts: Record<S, number>
  value: S | ''
  onChange: (status: S | '') => void
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{legend}</legend>
      {(['', ...statuses] as const).map((s) => (
        <button
          key={s || 'all'}
          type="button"
          aria-pressed={value === s}
          onClick={() => onChange(s)}
          className={buttonClass(value === s ? 'primary' : 'secondary', 'sm')}
        >
          {s ? `${labels[s]} (${formatCount(counts[s])})` : 'All'}
        </button>
      ))}
    </fieldset>
  )
}
