import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  AdminMail,
  AdminOverview,
  AdminUserDetail,
  AuditListResponse,
  MailListResponse,
  UserSearchResponse,
} from '@/features/admin/contract'
import type { MAIL_FILTERS } from '@/features/admin/rules'
import type { GrantRoleRequest, Role, RoleGrant, RoleListResponse } from '@/features/roles/contract'
import { apiFetch } from '@/platform/web/lib/api'
import type { AuditAction } from '@/shared/audit'

const params = (values: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(values)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString()

export const overviewQuery = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: () => apiFetch<AdminOverview>('/api/admin/overview'),
  staleTime: 0,
})

export const grantsQuery = queryOptions({
  queryKey: ['admin', 'roles'],
  queryFn: () => apiFetch<RoleListResponse>('/api/admin/roles'),
  staleTime: 0,
})

export const usersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'users', q, page],
    queryFn: () => apiFetch<UserSearchResponse>(`/api/admin/users?${params({ q, page })}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export const userQuery = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'user', userId],
    queryFn: () => apiFetch<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(userId)}`),
    staleTime: 0,
  })

export type MailFilter = (typeof MAIL_FILTERS)[number]

export const mailQuery = (status: MailFilter | '', page: number) =>
  queryOptions({
    queryKey: ['admin', 'mail', status, page],
    queryFn: () => apiFetch<MailListResponse>(`/api/admin/mail?${params({ status, page })}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export const auditQuery = (action: AuditAction | '', page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', action, page],
    queryFn: () => apiFetch<AuditListResponse>(`/api/admin/audit?${params({ action, page })}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

/** Every admin answer is re-read after a change (the audit log and counts too). */
function useAdminMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  })
}

export const useGrantRole = () =>
  useAdminMutation((body: GrantRoleRequest) =>
    apiFetch<RoleGrant>('/api/admin/roles', { method: 'POST', body }),
  )

export const useRevokeRole = () =>
  useAdminMutation(({ role, userId }: { role: Role; userId: string }) =>
    apiFetch<void>(`/api/admin/roles/${role}/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  )

export const useUserAction = (userId: string) =>
  useAdminMutation(
    (action: { kind: 'suspend'; reason: string } | { kind: 'restore' } | { kind: 'sign-out' }) =>
      apiFetch<AdminUserDetail | { sessionsEnded: number }>(
        `/api/admin/users/${encodeURIComponent(userId)}/${action.kind}`,
        { method: 'POST', ...(action.kind === 'suspend' && { body: { reason: action.reason } }) },
      ),
  )

export const useRetryMail = () =>
  useAdminMutation((id: number) => apiFetch<AdminMail>(`/api/admin/mail/${id}/retry`, { method: 'POST' }))
