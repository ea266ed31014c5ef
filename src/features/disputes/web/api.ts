import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  Dispute,
  DisputeMessage,
  DisputeQueueResponse,
  MyDisputesResponse,
  OpenDisputeRequest,
  ResolveDisputeRequest,
} from '@/features/disputes/contract'
import { apiFetch } from '@/platform/web/lib/api'

/** The dispute center's reads and writes (one request per screen). */
export const disputeKeys = {
  all: ['disputes'] as const,
  mine: ['disputes', 'mine'] as const,
  one: (id: number) => ['disputes', 'one', id] as const,
  queue: (page: number) => ['disputes', 'queue', page] as const,
}

export const myDisputesQuery = () =>
  queryOptions({
    queryKey: disputeKeys.mine,
    queryFn: ({ signal }) => apiFetch<MyDisputesResponse>('/api/disputes', { signal }),
  })

export const disputeQuery = (id: number) =>
  queryOptions({
    queryKey: disputeKeys.one(id),
    queryFn: ({ signal }) => apiFetch<Dispute>(`/api/disputes/${id}`, { signal }),
  })

export const disputeQueueQuery = (page: number) =>
  queryOptions({
    queryKey: disputeKeys.queue(page),
    queryFn: ({ signal }) =>
      apiFetch<DisputeQueueResponse>(`/api/admin/disputes${page > 1 ? `?page=${page}` : ''}`, { signal }),
  })

export function uploadEvidence(id: number, file: File) {
  const form = new FormData()
  form.set('evidence', file)
  return apiFetch<{ id: number }>(`/api/disputes/${id}/evidence`, { method: 'POST', body: form })
}

/** Opens the dispute, then adds its first image (if any): answers the new dispute's id. */
export function useOpenDispute(offerId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ request, image }: { request: OpenDisputeRequest; image: File | null }) => {
      const { id } = await apiFetch<{ id: number }>(`/api/trade-offers/${offerId}/dispute`, {
        method: 'POST',
        body: request,
      })
      // The dispute stands even if the image is refused: its page says so and takes another.
      const imageError = image
        ? await uploadEvidence(id, image).then(
            () => null,
            (e: Error) => e,
          )
        : null
      return { id, imageError }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: disputeKeys.all }),
  })
}

/** Something written on a dispute's page (a message, an image, a decision): the page is read again. */
function useDisputeWrite<A, R>(write: (args: A) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: disputeKeys.all }),
  })
}

export const useDisputeMessage = (id: number) =>
  useDisputeWrite((body: string) =>
    apiFetch<DisputeMessage>(`/api/disputes/${id}/messages`, { method: 'POST', body: { body } }),
  )

export const useAddEvidence = (id: number) => useDisputeWrite((file: File) => uploadEvidence(id, file))

export const useResolveDispute = (id: number) =>
  useDisputeWrite((request: ResolveDisputeRequest) =>
    apiFetch<Dispute>(`/api/admin/disputes/${id}/resolve`, { method: 'POST', body: request }),
  )
