import type { TradeAd } from '@/features/trading/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { toast } from '@/platform/web/lib/toast'
import { useCloseAd, useRelistAd } from '../api'

/**
 * The owner's Close (an open ad: its pending offers are declined, so it asks first when there are some)
 * or Relist (an expired or closed one). `name` tells which ad when several are listed ("the Kitsune ad").
 */
export function AdActions({ ad, name, className = '' }: { ad: TradeAd; name?: string; className?: string }) {
  const close = useCloseAd()
  const relist = useRelistAd()
  const busy = close.isPending || relist.isPending
  const onError = (error: Error) => toast.error('Error', { description: error.message })
  const which = name && <span className="sr-only"> {name}</span>
  if (ad.status === 'open')
    return (
      <ConfirmInPlace
        ask={ad.pendingOffers > 0}
        question={`Close it and decline ${ad.pendingOffers === 1 ? 'its pending offer' : `its ${ad.pendingOffers} pending offers`}?`}
        confirmLabel="Close and decline"
        disabled={busy}
        onConfirm={(done) =>
          close.mutate(ad.id, { onSuccess: () => toast.success('Ad closed'), onError, onSettled: done })
        }
        className={`${buttonClass('secondary', 'sm')} ${className}`}
      >
        Close the ad{which}
      </ConfirmInPlace>
    )
  if (ad.status === 'expired' || ad.status === 'closed')
    return (
      <button
        type="button"
        disabled={busy}
        onClick={() => relist.mutate(ad.id, { onSuccess: () => toast.success('Ad listed again'), onError })}
        className={`${buttonClass('primary', 'sm')} ${className}`}
      >
        Relist{which}
      </button>
    )
  return null
}
