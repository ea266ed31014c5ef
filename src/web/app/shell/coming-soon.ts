import { toast } from 'sonner'
import { COMING_SOON_TOAST_MS } from '@/shared/constants'

export function showComingSoon(label: string): void {
  toast('Coming Soon', { description: `${label} is on its way. Stay tuned!`, duration: COMING_SOON_TOAST_MS })
}
