import type { toast as sonnerToast } from 'sonner'

/**
 * Toasts (sonner), whose code and stylesheet load with the first toast, not with the page: sonner
 * adds its stylesheet when it loads, which restyles the whole page. `ToasterSlot` (components/ui)
 * mounts the Toaster when one is wanted; a toast waits until it is there.
 */
type Sonner = typeof sonnerToast

let toaster: Promise<Sonner> | undefined
let mounted: (toast: Sonner) => void = () => {}
const listeners = new Set<() => void>()

/** For the shell's ToasterSlot: whether a toast was ever asked for. */
export const toasterWanted = () => toaster !== undefined
export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
/** Called by the Toaster once mounted: the toasts asked for so far show. */
export const toasterMounted = (toast: Sonner) => mounted(toast)

function withToaster(show: (toast: Sonner) => void): void {
  if (!toaster) {
    toaster = new Promise((resolve) => {
      mounted = resolve
    })
    for (const listener of listeners) listener()
  }
  void toaster.then(show)
}

export const toast = Object.assign((...args: Parameters<Sonner>) => withToaster((t) => t(...args)), {
  success: (...args: Parameters<Sonner['success']>) => withToaster((t) => t.success(...args)),
  error: (...args: Parameters<Sonner['error']>) => withToaster((t) => t.error(...args)),
  dismiss: (id?: string | number) => withToaster((t) => t.dismiss(id)),
})
