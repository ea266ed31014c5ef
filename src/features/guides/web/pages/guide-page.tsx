import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { NotFoundPage } from '@/platform/web/app/not-found-page'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { formatDay } from '@/platform/web/lib/format'
import { usePageMeta } from '@/platform/web/lib/page-meta'
import { GAME_NAMES } from '@/shared/games'
import { guideQuery } from '../api'
import { GuideBody } from '../components/guide-body'

/** /guides/:slug: a published guide, rendered on the server, with a table of contents from its headings. */
export function GuidePage() {
  const slug = useParams().slug ?? ''
  const query = useQuery(guideQuery(slug))
  const guide = query.data
  usePageMeta(guide && `${guide.title} — TradeHub guide`, guide && (guide.summary || guide.title))

  if (query.isPending) return <Spinner label="Loading guide" />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />
    return <ErrorPanel onRetry={() => query.refetch()} />
  }
  const { title, game, updatedAt, headings, html } = query.data
  const contents = headings.filter((h) => h.level <= 3)
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-muted text-sm">
        <Link to="/guides" className="inline-block py-0.5 hover:text-ink">
          Guides
        </Link>{' '}
        / {game ? GAME_NAMES[game] : 'All games'}
      </nav>
      <article className="mt-2">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-muted text-sm">
          Updated <time dateTime={updatedAt}>{formatDay(updatedAt)}</time>
        </p>
        {contents.length > 1 && (
          <nav aria-labelledby="guide-contents" className="mt-6 rounded-xl border border-line bg-surface p-4">
            <h2 id="guide-contents" className="font-semibold text-sm">
              On this page
            </h2>
            <ol className="mt-2 grid gap-1 text-sm">
              {contents.map((h) => (
                <li key={h.id} className={h.level === 3 ? 'pl-4' : ''}>
                  <a
                    href={`#${h.id}`}
                    className="inline-block py-0.5 text-accent underline-offset-2 hover:underline"
                  >
                    {h.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <GuideBody html={html} className="mt-6" />
      </article>
    </div>
  )
}
