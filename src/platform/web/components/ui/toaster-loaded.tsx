import { useEffect } from 'react'
import { Toaster, toast } from 'sonner'
import { toasterMounted } from '@/platform/web/lib/toast'
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@/shared/constants'

/** On a phone, a toast at the top shows under the sticky header (64 px), never over its buttons. */
const MOBILE_OFFSET = { top: 72 }
/** The close button is a 24 px target (WCAG 2.2 target size), not sonner's 20 px. */
const TOAST_OPTIONS = { classNames: { closeButton: '!size-6' } }

export default function LoadedToaster() {
  useEffect(() => toasterMounted(toast), [])
  return (
    <Toaster
      theme="dark"
      position="bottom-right"
      mobileOffset={MOBILE_OFFSET}
      visibleToasts={TOAST_MAX_VISIBLE}
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={TOAST_OPTIONS}
    />
  )
}
