import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount, formatDay } from '@/platform/web/lib/format'
import { usersQuery } from '../api'
import { AdminArea, Pager } from '../components/admin-area'

/** /admin/users: find a user by e-mail, username or display name. */
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
