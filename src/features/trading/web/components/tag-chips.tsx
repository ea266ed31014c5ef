import { TRADE_TAG_LABELS, type TradeTag } from '@/features/trading/rules'

/** What an ad asks for besides items: "Adds", "Overpay"… */
export function TagChips({ tags, label = 'Also wants' }: { tags: readonly TradeTag[]; label?: string }) {
  if (tags.length === 0) return null
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-sm">
      <span className="text-muted">{label}:</span>
      <ul className="contents">
        {tags.map((tag) => (
          <li
            key={tag}
            className="rounded-full border border-line bg-surface-2 px-2 py-0.5 font-medium text-xs"
          >
            {TRADE_TAG_LABELS[tag]}
          </li>
        ))}
      </ul>
    </div>
  )
}
