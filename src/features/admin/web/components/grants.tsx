import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import type { RoleGrant } from '@/features/roles/contract'
import { ROLE_MESSAGES, type Role } from '@/features/roles/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { Field, FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { toast } from '@/platform/web/lib/toast'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { grantsQuery, useGrantRole, useRevokeRole } from '../api'
import { errorText } from '../error-text'
import { Panel, when } from './admin-area'

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

/** Several holders of a role: 'moderators', 'stock managers', but 'middlemen'. */
const pluralOf = (kind: string) => (kind.endsWith('man') ? `${kind.slice(0, -3)}men` : `${kind}s`)

/** A role held site-wide: a form to add someone by e-mail, and the list of who holds it. */
export function RolePanels({ role, kind, empty }: { role: Role; kind: string; empty: string }) {
  const query = useGrants()
  const slug = kind.replace(/ /g, '-')
  const kinds = pluralOf(kind)
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Panel title={`Add ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`} id={`add-${slug}`}>
        <GrantForm role={role} label={`Add ${kind}`} />
      </Panel>
      <Panel title={`${kinds[0]?.toUpperCase()}${kinds.slice(1)}`} id={`${kinds.replace(/ /g, '-')}-list`}>
        {query.isPending ? (
          <Spinner label={`Loading ${kinds}`} />
        ) : query.isError ? (
          <ErrorPanel onRetry={() => query.refetch()} />
        ) : (
          <GrantList grants={query.data.grants.filter((g) => g.role === role)} empty={empty} />
        )}
      </Panel>
    </div>
  )
}

/** One panel per game: the people who hold that game's role, and a form to add one by username. */
export function GamePanels<G extends GameId>({
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
        <Panel
          key={game}
          title={`${GAME_NAMES[game]} ${pluralOf(kind)}`}
          id={`${pluralOf(kind).replace(' ', '-')}-${game}`}
        >
          <GrantForm role={roleOf(game)} label={`Add ${GAME_NAMES[game]} ${kind}`} byUsername />
          <div className="mt-4">
            {query.isPending ? (
              <Spinner label={`Loading ${pluralOf(kind)}`} />
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
