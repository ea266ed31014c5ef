import { CloudSun } from 'lucide-react'
import type { StockReport } from '@/features/stock/contract'
import { formatCountdown, WEATHER } from '@/features/stock/rules'
import { ownValue } from '@/shared/lookup'
import { activeWeather } from '../view'
import { Counting } from './shop-card'

/** The weather on at `now` in Grow a Garden, each with the time it has left (counting on its own). */
export function WeatherStrip({ weather, now }: { weather: readonly StockReport[]; now: number }) {
  const active = activeWeather(weather, now)
  return (
    <section
      aria-labelledby="weather"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-line bg-surface px-4 py-3"
    >
      <h2 id="weather" className="flex items-center gap-2 font-semibold">
        <CloudSun aria-hidden="true" className="size-5 text-sky-300" /> Weather
      </h2>
      {active.length === 0 ? (
        <p className="text-muted text-sm">No active weather reported.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {active.map((w) => {
            const end = Date.parse(w.windowEnd)
            return (
              <li
                key={w.id}
                className="rounded-full border border-sky-300/40 bg-sky-300/10 px-3 py-1 text-sm"
              >
                <span className="font-semibold">
                  {(w.weather && ownValue(WEATHER, w.weather)) ?? w.weather}
                </span>{' '}
                <span className="text-muted">
                  ends in{' '}
                  <time dateTime={new Date(end).toISOString()} className="font-mono tabular-nums">
                    <Counting text={(time) => formatCountdown(end - time)} />
                  </time>
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
