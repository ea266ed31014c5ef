import { Link } from 'react-router'

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 font-bold text-lg tracking-tight"
      aria-label="TradeHub home"
    >
      <img src="/favicon.svg" alt="" width="28" height="28" className="size-7" />
      <span>
        Trade<span className="text-accent">Hub</span>
      </span>
    </Link>
  )
}
