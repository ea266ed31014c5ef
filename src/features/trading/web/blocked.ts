import { useQuery } from '@tanstack/react-query'
import { blocksQuery } from '@/features/trust/web/public'

/** Whether the signed-in viewer blocked this trader (the server then refuses offers and messages between them). */
export function useBlocked(username: string): boolean {
  const blocks = useQuery(blocksQuery)
  return blocks.data?.blocks.some((b) => b.username === username.toLowerCase()) ?? false
}
