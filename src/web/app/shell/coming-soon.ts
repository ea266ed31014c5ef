import { COMING_SOON_TOAST_MS } from '@/shared/constants'
import { toast } from '@/web/lib/toast'

export function showComingSoon(label: string): void {
  toast('Coming Soon', { description: `${label} is on its way. Stay tuned!`, duration: COMING_SOON_TOAST_MS })
}
