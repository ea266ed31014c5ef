import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useParams } from 'react-router'
import { useMe } from '@/features/accounts/web/public'
import { ADMIN_MESSAGES, SUSPEND_REASON_MAX } from '@/features/admin/rules'
import { roleLabel } from '@/features/roles/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { Field, FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { toast } from '@/platform/web/lib/toast'
import { userQuery, useUserAction } from '../api'
import { AdminArea, Panel, when } from '../components/admin-area'
import { errorText } from '../error-text'

/** /admin/users/{userId}: one user, their roles and sign-in methods; sign out, suspend, restore. */
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
