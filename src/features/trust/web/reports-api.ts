/** The moderators' reads and writes of the reports queue (/admin/reports): its page's code alone. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Report, ReportStatus, ReportsResponse, ResolveReportRequest } from '@/features/trust/contract'
import { apiFetch } from '@/platform/web/lib/api'

/** The moderators' queue: open reports oldest first, resolved ones newest first. */
export const reportsQuery = (status: ReportStatus, page: number) =>
  queryOptions({
    queryKey: ['admin', 'reports', status, page],
    queryFn: () =>
      apiFetch<ReportsResponse>(
        `/api/admin/reports?${new URLSearchParams({ status, ...(page > 1 && { page: String(page) }) })}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

/** Resolves a report; every admin answer is read again after it (the audit log and counts too). */
export function useResolveReport() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: ResolveReportRequest & { id: number }) =>
      apiFetch<{ report: Report | null }>(`/api/admin/reports/${id}/resolve`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  })
}
