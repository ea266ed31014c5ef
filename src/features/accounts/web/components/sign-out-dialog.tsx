import { Dialog } from 'radix-ui'
import { buttonClass } from '@/platform/web/components/ui/button'
import { SIGN_OUT_NOTE, SIGN_OUT_TITLE, useSignOut } from './sign-out'

/** Sign Out, after the spec's confirmation (docs/product.md §6). */
export default function SignOutDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { busy, signOut } = useSignOut(() => onOpenChange(false))
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-xl"
        >
          <Dialog.Title className="font-bold text-lg">{SIGN_OUT_TITLE}</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted text-sm">{SIGN_OUT_NOTE}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close className={buttonClass('secondary')}>Cancel</Dialog.Close>
            <button type="button" onClick={signOut} disabled={busy} className={buttonClass('primary')}>
              Sign Out
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
