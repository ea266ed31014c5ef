import { useQuery } from '@tanstack/react-query'
import { type FormEvent, Suspense, useId, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useMe } from '@/features/accounts/web/public'
import type { AuditEntry } from '@/features/admin/contract'
import {
  ADMIN_MESSAGES,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  MAIL_FILTERS,
  OUTBOX_KEEP_DAYS,
  SUSPEND_REASON_MAX,
} from '@/features/admin/rules'
import type { RoleGrant } from '@/features/roles/contract'
import {
  ADMIN_ROLE,
  GUIDE_EDITOR_ROLE,
  isRole,
  MIDDLEMAN_ROLE,
  MODERATOR_ROLE,
  ROLE_MESSAGES,
  type Role,
  roleLabel,
  stockManagerRole,
  valueEditorRole,
} from '@/features/roles/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { Field, FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount, formatDay } from '@/platform/web/lib/format'
import { lazy } from '@/platform/web/lib/lazy'
import { toast } from '@/platform/web/lib/toast'
import { GAME_IDS, GAME_NAMES, type GameId, STOCK_GAMES } from '@/shared/games'
import {
  auditQuery,
  grantsQuery,
  type MailFilter,
  mailQuery,
  overviewQuery,
  useGrantRole,
  useRetryMail,
  useRevokeRole,
  userQuery,
  usersQuery,
  useUserAction,
} from '../api'
import { AdminArea, Pager, Panel, StatusFilter, when } from '../components/admin-area'
import { ContactMessages } from '../components/contact-messages'
import { RESOLUTION_LABELS } from '../components/report-labels'

const errorText = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback)

// --- Overview -------------------------------------------------------------------------------------

export function AdminOverviewPage() {
  return (
    <AdminArea title="Admin" back="/admin">
      <Overview />
    </AdminArea>
  )
}

function Overview() {
  const query = useQuery(overviewQuery)
  if (query.isPending) return <Spinner label="Loading the overview" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  const o = query.data
  const tiles: [string, number | string][] = [
    ['Users', o.users.total],
    ['New in 7 days', o.users.newLast7Days],
    ['Suspended', o.users.suspended],
    ['OG members', o.ogMembers],
    ['Launch list: waiting', o.launchList.pending],
    ['Launch list: verified', o.launchList.verified],
    ['Launch list: unsubscribed', o.launchList.unsubscribed],
    ['Mails queued', o.mail.queued],
    ['Mails failed', o.mail.failed],
    ['Mails stuck', o.mail.stuck],
    ['Stock reports today', o.stockReportsToday ?? 'No stock yet'],
  ]
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-line bg-surface p-3">
          <dt className="text-muted text-xs">{label}</dt>
          <dd className="mt-1 font-bold text-xl tabular-nums">
            {typeof value === 'number' ? formatCount(value) : value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

// --- Roles ----------------------------------------------------------------------------------------

/** Adds a role by e-mail (or, where `byUsername`, by e-mail or username). */
function GrantForm({ role, label, byUsername = false }: { role: Role; label: string; byUsername?: boolean }) {
  const [value, setValue] = useState('')
  const grant = useGrantRole()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const who = value.trim()
    if (!who) return
    grant.mutate(
      { role, ...(who.includes('@') || !byUsername ? { email: who } : { username: who }) },
      {
        onSuccess: (g) => {
          toast.success(`${g.email} added`)
          setValue('')
        },
      },
    )
  }
  return (
    <form onSubmit={submit} aria-label={label} className="flex flex-wrap items-end gap-2">
      <Field
        label={byUsername ? 'E-mail or username' : 'E-mail'}
        type={byUsername ? 'text' : 'email'}
        autoComplete="off"
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="min-w-0 flex-1 basis-56"
      />
      <button
        type="submit"
        disabled={grant.isPending || !value.trim()}
        className={buttonClass('primary', 'md')}
      >
        {label}
      </button>
      {grant.isError && (
        <div className="basis-full">
          <FormMessage kind="error">{errorText(grant.error, ROLE_MESSAGES.addFailed)}</FormMessage>
        </div>
      )}
    </form>
  )
}

/** Remove, then a confirmation in place: Cancel / Remove. */
function RemoveGrant({ grant }: { grant: RoleGrant }) {
  const revoke = useRevokeRole()
  if (grant.primary)
    return <span className="rounded-full bg-accent/15 px-2 py-0.5 font-semibold text-xs">Primary</span>
  return (
    <ConfirmInPlace
      question={`Remove ${grant.email}?`}
      confirmLabel="Remove"
      disabled={revoke.isPending}
      onConfirm={(settled) =>
        revoke.mutate(
          { role: grant.role, userId: grant.userId },
          {
            onSuccess: () => toast.success(`${grant.email} removed`),
            onError: (error) => toast.error(errorText(error, 'Could not remove this role')),
            onSettled: settled,
          },
        )
      }
    >
      Remove <span className="sr-only">{grant.email}</span>
    </ConfirmInPlace>
  )
}

function GrantList({ grants, empty }: { grants: RoleGrant[]; empty: string }) {
  if (grants.length === 0) return <p className="text-muted">{empty}</p>
  return (
    <ul className="divide-y divide-line">
      {grants.map((g) => (
        <li
          key={`${g.role}:${g.userId}`}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
        >
          <span className="min-w-0 text-sm">
            <Link to={`/admin/users/${g.userId}`} className="font-medium [overflow-wrap:anywhere]">
              {g.email}
            </Link>
            {g.username && <span className="text-muted"> · @{g.username}</span>}
            <span className="block text-muted text-xs">
              {g.primary
                ? 'Primary admin (ADMIN_EMAIL): always admin'
                : `Added ${g.createdAt ? when(g.createdAt) : ''}${g.grantedBy ? ` by ${g.grantedBy}` : ''}`}
            </span>
          </span>
          <RemoveGrant grant={g} />
        </li>
      ))}
    </ul>
  )
}

function useGrants() {
  return useQuery(grantsQuery)
}

export function AdminsPage() {
  return (
    <AdminArea title="Admins" back="/admin/admins">
      <RolePanels role={ADMIN_ROLE} kind="admin" empty="No admins yet." />
    </AdminArea>
  )
}

export function ModeratorsPage() {
  return (
    <AdminArea title="Moderators" back="/admin/moderators">
      <p className="-mt-2 mb-6 text-muted">
        Moderators work the <Link to="/admin/reports">reports</Link>: they dismiss a report, hide what was
        reported, warn or suspend its author. Admins are moderators too.
      </p>
      <RolePanels role={MODERATOR_ROLE} kind="moderator" empty="No moderators yet (admins handle reports)." />
    </AdminArea>
  )
}

export function GuideEditorsPage() {
  return (
    <AdminArea title="Guide editors" back="/admin/guide-editors">
      <p className="-mt-2 mb-6 text-muted">
        Guide editors write and publish the guides (<Link to="/admin/guides">Guides</Link>); admins can too.
      </p>
      <RolePanels role={GUIDE_EDITOR_ROLE} kind="guide editor" empty="No guide editors yet." />
    </AdminArea>
  )
}

export function MiddlemenPage() {
  return (
    <AdminArea title="Middlemen" back="/admin/middlemen">
      <p className="-mt-2 mb-6 text-muted">
        Official middlemen take middleman requests of accepted trades and are listed on the{' '}
        <Link to="/escrow-service">escrow service</Link> page. They need a verified Roblox account to take
        requests.
      </p>
      <RolePanels role={MIDDLEMAN_ROLE} kind="middleman" empty="No middlemen yet." />
    </AdminArea>
  )
}

/** The launch list's table loads with its page only (its code shares a chunk with the sign-up form). */
const LaunchListAdmin = lazy(async () => ({
  default: (await import('@/features/launch-list/web/public')).LaunchListAdmin,
}))

/** A role held site-wide: a form to add someone by e-mail, and the list of who holds it. */
function RolePanels({ role, kind, empty }: { role: Role; kind: string; empty: string }) {
  const query = useGrants()
  const slug = kind.replace(/ /g, '-')
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Panel title={`Add ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`} id={`add-${slug}`}>
        <GrantForm role={role} label={`Add ${kind}`} />
      </Panel>
      <Panel title={`${kind[0]?.toUpperCase()}${kind.slice(1)}s`} id={`${slug}s-list`}>
        {query.isPending ? (
          <Spinner label={`Loading ${kind}s`} />
        ) : query.isError ? (
          <ErrorPanel onRetry={() => query.refetch()} />
        ) : (
          <GrantList grants={query.data.grants.filter((g) => g.role === role)} empty={empty} />
        )}
      </Panel>
    </div>
  )
}

export function StockManagersPage() {
  return (
    <AdminArea title="Stock managers" back="/admin/stock-managers">
      <GamePanels
        games={STOCK_GAMES}
        roleOf={stockManagerRole}
        kind="stock manager"
        empty="No stock managers yet (admins manage every game's stock)."
      />
    </AdminArea>
  )
}

export function ValueEditorsPage() {
  return (
    <AdminArea title="Value editors" back="/admin/value-editors">
      <GamePanels
        games={GAME_IDS}
        roleOf={valueEditorRole}
        kind="value editor"
        empty="No value editors yet (admins edit every game's values)."
      />
    </AdminArea>
  )
}

/** One panel per game: the people who hold that game's role, and a form to add one by username. */
function GamePanels<G extends GameId>({
  games,
  roleOf,
  kind,
  empty,
}: {
  games: readonly G[]
  roleOf: (game: G) => Role
  kind: string
  empty: string
}) {
  const query = useGrants()
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {games.map((game) => (
        <Panel key={game} title={`${GAME_NAMES[game]} ${kind}s`} id={`${kind.replace(' ', '-')}s-${game}`}>
          <GrantForm role={roleOf(game)} label={`Add ${GAME_NAMES[game]} ${kind}`} byUsername />
          <div className="mt-4">
            {query.isPending ? (
              <Spinner label={`Loading ${kind}s`} />
            ) : query.isError ? (
              <ErrorPanel onRetry={() => query.refetch()} />
            ) : (
              <GrantList grants={query.data.grants.filter((g) => g.role === roleOf(game))} empty={empty} />
            )}
          </div>
        </Panel>
      ))}
    </div>
  )
}

// --- Users ----------------------------------------------------------------------------------------

export function UsersPage() {
  return (
    <AdminArea title="Users" back="/admin/users">
      <Users />
    </AdminArea>
  )
}

function Users() {
  const [search, setSearch] = useSearchParams()
  const q = search.get('q') ?? ''
  const page = Math.max(1, Number(search.get('page')) || 1)
  const [draft, setDraft] = useState(q)
  const query = useQuery(usersQuery(q, page))
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <form
        aria-label="Find users"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          setSearch(draft.trim() ? { q: draft.trim() } : {})
        }}
      >
        <Field
          label="E-mail, username or display name"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          className="min-w-0 flex-1 basis-56"
        />
        <button type="submit" className={buttonClass('primary', 'md')}>
          Search
        </button>
      </form>
      {query.isPending ? (
        <Spinner label="Searching" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : query.data.users.length === 0 ? (
        <p className="text-muted">No user matches.</p>
      ) : (
        <>
          <p className="text-muted text-sm">
            {formatCount(query.data.total)} {query.data.total === 1 ? 'user' : 'users'}
          </p>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface px-4">
            {query.data.users.map((u) => (
              <li key={u.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3 text-sm">
                <Link to={`/admin/users/${u.id}`} className="min-w-0 font-medium [overflow-wrap:anywhere]">
                  {u.email}
                </Link>
                <span className="text-muted">
                  {u.username ? `@${u.username} · ` : ''}joined {formatDay(u.createdAt)}
                  {u.suspended && <strong className="ml-2 text-danger">Suspended</strong>}
                </span>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={query.data.pageSize}
            total={query.data.total}
            onPage={(p) => setSearch({ ...(q && { q }), page: String(p) })}
          />
        </>
      )}
    </div>
  )
}

export function UserPage() {
  const { userId = '' } = useParams()
  return (
    <AdminArea title="User" back={`/admin/users/${userId}`}>
      <UserDetail userId={userId} />
    </AdminArea>
  )
}

function UserDetail({ userId }: { userId: string }) {
  const query = useQuery(userQuery(userId))
  const action = useUserAction(userId)
  const { me } = useMe()
  const [reason, setReason] = useState('')
  const reasonId = useId()
  if (query.isPending) return <Spinner label="Loading the user" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  const u = query.data
  const facts: [string, string][] = [
    ['E-mail', `${u.email}${u.emailVerified ? '' : ' (not verified)'}`],
    ['Username', u.username ? `@${u.username}` : 'None yet'],
    ['Display name', u.displayName ?? 'None'],
    ['Roles', [...(u.primaryAdmin ? ['Primary admin'] : []), ...u.roles.map(roleLabel)].join(', ') || 'None'],
    ['OG member', u.ogMember ? 'Yes' : 'No'],
    ['Sign-in methods', u.signInMethods.join(', ')],
    ['Two-factor', u.twoFactorEnabled ? 'On' : 'Off'],
    ['Created', when(u.createdAt)],
    ['Last active', u.lastActiveAt ? when(u.lastActiveAt) : 'Never'],
    ['Signed in on', `${u.activeSessions} device${u.activeSessions === 1 ? '' : 's'}`],
  ]
  const done = (message: string) => ({
    onSuccess: () => toast.success(message),
    onError: (error: unknown) => toast.error(errorText(error, 'That did not work. Please try again.')),
  })
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {u.suspension && (
        <FormMessage kind="error">
          Suspended {when(u.suspension.at)}
          {u.suspension.by ? ` by ${u.suspension.by}` : ''}: {u.suspension.reason}
        </FormMessage>
      )}
      <Panel title={u.email} id="user-facts">
        <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted">{k}</dt>
              <dd className="[overflow-wrap:anywhere]">{v}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel title="Actions" id="user-actions">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
          {u.primaryAdmin && me?.id !== u.id ? (
            <p className="text-muted text-sm">{ADMIN_MESSAGES.primaryNotSignedOut}.</p>
          ) : (
            <div className="justify-self-start">
              <ConfirmInPlace
                question={`Sign ${u.email} out of every device?`}
                confirmLabel="Sign out everywhere"
                disabled={action.isPending}
                className={buttonClass('secondary', 'md')}
                onConfirm={(settled) =>
                  action.mutate(
                    { kind: 'sign-out' },
                    { ...done('Signed out of every device'), onSettled: settled },
                  )
                }
              >
                Sign out of every device
              </ConfirmInPlace>
            </div>
          )}
          {u.suspended ? (
            <button
              type="button"
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'restore' }, done('Account restored'))}
              className={`${buttonClass('primary', 'md')} justify-self-start`}
            >
              Restore account
            </button>
          ) : u.primaryAdmin ? (
            <p className="text-muted text-sm">The primary admin cannot be suspended.</p>
          ) : (
            <form
              aria-labelledby={reasonId}
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault()
                action.mutate(
                  { kind: 'suspend', reason },
                  { ...done('Account suspended'), onSettled: () => setReason('') },
                )
              }}
            >
              <span id={reasonId} className="sr-only">
                Suspend account
              </span>
              <Field
                label="Reason for suspending"
                hint="The user is shown this when they try to sign in."
                required
                maxLength={SUSPEND_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className="min-w-0 flex-1 basis-56"
              />
              <button
                type="submit"
                disabled={action.isPending || !reason.trim()}
                className={buttonClass('primary', 'md')}
              >
                Suspend account
              </button>
            </form>
          )}
        </div>
      </Panel>
    </div>
  )
}

// --- Launch list ----------------------------------------------------------------------------------

export function AdminLaunchListPage() {
  return (
    <AdminArea title="Launch list" back="/admin/launch-list">
      <Suspense fallback={<Spinner label="Loading the launch list" />}>
        <LaunchListAdmin />
      </Suspense>
    </AdminArea>
  )
}

// --- Mail queue -----------------------------------------------------------------------------------

const MAIL_LABELS: Record<MailFilter, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  stuck: 'Stuck',
}

export function MailPage() {
  return (
    <AdminArea title="Mail queue" back="/admin/mail">
      <MailQueue />
    </AdminArea>
  )
}

function MailQueue() {
  const [status, setStatus] = useState<MailFilter | ''>('failed')
  const [page, setPage] = useState(1)
  const query = useQuery(mailQuery(status, page))
  const retry = useRetryMail()
  if (query.isPending) return <Spinner label="Loading the mail queue" />
  if (query.isError) return <ErrorPanel onRetry={() => query.refetch()} />
  const { counts, mails, pageSize, total } = query.data
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <StatusFilter
        legend="Show mails"
        statuses={MAIL_FILTERS}
        labels={MAIL_LABELS}
        counts={counts}
        value={status}
        onChange={(s) => {
          setStatus(s)
          setPage(1)
        }}
      />
      <p className="text-muted text-sm">Sent and failed mails are kept for {OUTBOX_KEEP_DAYS} days.</p>
      {mails.length === 0 ? (
        <p className="text-muted">No mail here.</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface px-4">
          {mails.map((m) => (
            <li key={m.id} className="grid grid-cols-[minmax(0,1fr)] gap-1 py-3 text-sm">
              <span className="flex flex-wrap justify-between gap-x-4">
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{m.toEmail}</span>
                <span className="text-muted">
                  {m.stuck ? 'Stuck' : MAIL_LABELS[m.status]} · {when(m.createdAt)}
                </span>
              </span>
              <span className="[overflow-wrap:anywhere]">{m.subject}</span>
              <span className="text-muted text-xs">
                Attempts {m.attempts} of {m.maxAttempts}
                {m.lastError && <> · last error: {m.lastError}</>}
              </span>
              {m.status === 'failed' && (
                <button
                  type="button"
                  disabled={retry.isPending}
                  onClick={() =>
                    retry.mutate(m.id, {
                      onSuccess: () => toast.success(`Mail to ${m.toEmail} queued again`),
                      onError: (error) => toast.error(errorText(error, 'Could not retry this mail')),
                    })
                  }
                  className={`${buttonClass('secondary', 'sm')} justify-self-start`}
                >
                  Retry <span className="sr-only">mail to {m.toEmail}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={pageSize} total={total} onPage={setPage} />
    </div>
  )
}

// --- Contact messages -----------------------------------------------------------------------------

export function ContactMessagesPage() {
  return (
    <AdminArea title="Contact messages" back="/admin/contact">
      <ContactMessages />
    </AdminArea>
  )
}

// --- Audit log ------------------------------------------------------------------------------------

export function AuditPage() {
  return (
    <AdminArea title="Audit log" back="/admin/audit">
      <AuditLog />
    </AdminArea>
  )
}

function describe(entry: AuditEntry): string {
  const d = entry.detail
  switch (entry.action) {
    case 'role.grant':
    case 'role.revoke':
      return `${AUDIT_ACTION_LABELS[entry.action]}: ${isRole(String(d.role)) ? roleLabel(d.role as Role) : String(d.role)}`
    case 'user.suspend':
      return `${AUDIT_ACTION_LABELS[entry.action]}: ${String(d.reason)}`
    case 'report.resolve':
      return `${AUDIT_ACTION_LABELS[entry.action]}: ${RESOLUTION_LABELS[d.action as keyof typeof RESOLUTION_LABELS] ?? String(d.action)}`
    case 'mail.retry':
      return `${AUDIT_ACTION_LABELS[entry.action]}: "${String(d.subject)}" to ${String(d.to)}`
    default:
      return AUDIT_ACTION_LABELS[entry.action]
  }
}

function AuditLog() {
  const [action, setAction] = useState<AuditAction | ''>('')
  const [page, setPage] = useState(1)
  const query = useQuery(auditQuery(action, page))
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <label className="flex items-center gap-2 text-sm">
        Show
        <select
          value={action}
          onChange={(e) => {
            setAction(e.target.value as AuditAction | '')
            setPage(1)
          }}
          className="rounded-lg border border-line bg-bg px-2 py-1.5"
        >
          <option value="">every action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_LABELS[a].toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      {query.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : query.data.entries.length === 0 ? (
        <p className="text-muted">Nothing recorded yet.</p>
      ) : (
        <>
          <ol
            aria-label="Audit log"
            className="divide-y divide-line rounded-2xl border border-line bg-surface px-4"
          >
            {query.data.entries.map((e) => (
              <li key={e.id} className="grid grid-cols-[minmax(0,1fr)] gap-0.5 py-3 text-sm">
                <span className="font-medium">{describe(e)}</span>
                <span className="text-muted [overflow-wrap:anywhere]">
                  {e.targetEmail && <>{e.targetEmail} · </>}by {e.actorEmail ?? 'unknown'} · {when(e.at)}
                  {e.ip && <> · from {e.ip}</>}
                </span>
              </li>
            ))}
          </ol>
          <Pager page={page} pageSize={query.data.pageSize} total={query.data.total} onPage={setPage} />
        </>
      )}
    </div>
  )
}
