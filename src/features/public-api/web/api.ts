import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiKeyListResponse, CreateApiKeyRequest, CreatedApiKey } from '@/features/public-api/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'

/** What the reference page reads of the OpenAPI document. */
export interface OpenApiParameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  description?: string
  schema: { type?: string; enum?: string[]; default?: unknown; maxLength?: number }
}
export interface OpenApiOperation {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  parameters: OpenApiParameter[]
  responses: Record<string, { description: string; content?: Record<string, unknown> }>
}
export interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string; summary?: string; description?: string }
  servers: { url: string }[]
  tags: { name: string; description?: string }[]
  paths: Record<string, { get: OpenApiOperation }>
}

export const openApiQuery = queryOptions({
  queryKey: ['api-v1', 'openapi'],
  queryFn: ({ signal }) => apiFetch<OpenApiDocument>('/api/v1/openapi.json', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
})

export function prefetchApiDocs({ context }: PrefetchArgs) {
  prefetch(context, openApiQuery)
  return null
}

export const apiKeysQuery = queryOptions({
  queryKey: ['profile', 'api-keys'],
  queryFn: ({ signal }) => apiFetch<ApiKeyListResponse>('/api/profile/api-keys', { signal }),
})

export function useCreateApiKey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      apiFetch<CreatedApiKey>('/api/profile/api-keys', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  })
}

export function useRevokeApiKey() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiFetch(`/api/profile/api-keys/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  })
}
