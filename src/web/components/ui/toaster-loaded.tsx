import { useEffect } from 'react'
import { Toaster, toast } from 'sonner'
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@/shared/constants'
import { toasterMounted } from '@/web/lib/toast'

export default function LoadedToaster() {
  useEffect(() => toasterMounted(toast), [])
  return (
    <Toaster
      theme="dark"
      position="bottom-right"
      visibleToasts={TOAST_MAX_VISIBLE}
      duration={TOAST_DURATION_MS}
      closeButton
    />
  )
}
