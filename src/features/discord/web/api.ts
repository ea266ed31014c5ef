import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import type {
  DiscordConnectionResponse,
  DiscordConnectPreview,
  DiscordConnectResponse,
} from '@/features/discord/contract'
import { apiFetch } from '@/platform/web/lib/api'

export const discordKeys = {
  connection: ['discord-connection'] as const,
  preview: (token: string) => ['discord-connect', token] as const,
}

/** What a /watch link would connect: the Discord user's name and the item (400 when the link is bad). */
export const connectPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: discordKeys.preview(token),
    queryFn: ({ signal }) =>
      apiFetch<DiscordConnectPreview>(`/api/discord/connect?token=${encodeURIComponent(token)}`, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })

/** The signed-in user's connected Discord user. */
export const connectionQuery = queryOptions({
  queryKey: discordKeys.connection,
  queryFn: ({ signal }) => apiFetch<DiscordConnectionResponse>('/api/discord/connection', { signal }),
  staleTime: 60_000,
})

const afterChange = (client: QueryClient, data: DiscordConnectionResponse) => {
  client.setQueryData(connectionQuery.queryKey, { connection: data.connection })
  client.invalidateQueries({ queryKey: ['watchlist'] })
}

/** Connects the link's Discord user and watches its item. */
export const connectMutation = (client: QueryClient) =>
  mutationOptions({
    mutationFn: (token: string) =>
      apiFetch<DiscordConnectResponse>('/api/discord/connect', { method: 'POST', body: { token } }),
    onSuccess: (data) => afterChange(client, data),
  })

/** Disconnects the Discord user: no more DMs. */
export const disconnectMutation = (client: QueryClient) =>
  mutationOptions({
    mutationFn: () => apiFetch<DiscordConnectionResponse>('/api/discord/connection', { method: 'DELETE' }),
    onSuccess: (data) => afterChange(client, data),
  })
