import type { TradeSlot as EditorSlot } from '@/features/catalog/wfl'
import type { TradeSlot, TradeSlotRequest } from '@/features/trading/contract'

/** An ad's or an offer's slots as the sides editor holds them (to prefill a counter-offer). */
export const toEditorSlots = (slots: readonly TradeSlot[]): EditorSlot[] =>
  slots.map((s) => ({
    itemId: s.item,
    quantity: s.quantity,
    ...(s.variant !== null && { variant: s.variant }),
  }))

/** The editor's slots as the API takes them (item, variant, quantity: no mutations or weight). */
export const toRequestSlots = (slots: readonly EditorSlot[]): TradeSlotRequest[] =>
  slots.map((s) => ({
    item: s.itemId,
    quantity: s.quantity,
    ...(s.variant !== undefined && { variant: s.variant }),
  }))

/**
 * The server's field errors of one side (`offering`, `offering.2.item`…) as the editor shows them: the
 * side's own, and each slot's by position.
 */
export function sideErrors(
  fields: Readonly<Record<string, string>> | undefined,
  side: 'offering' | 'requesting',
) {
  if (!fields) return undefined
  const slots: Record<number, string> = {}
  let own: string | undefined
  for (const [key, message] of Object.entries(fields)) {
    const [name, index] = key.split('.')
    if (name !== side) continue
    if (index === undefined) own = message
    else slots[Number(index)] ??= message
  }
  return own === undefined && Object.keys(slots).length === 0 ? undefined : { side: own, slots }
}
