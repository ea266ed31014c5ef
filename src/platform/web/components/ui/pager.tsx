import { Link, type To } from 'react-router'
import { buttonClass } from './button'

/** "Previous · Page 2 of 5 · Next": links between the pages of a list (the page is in the address). */
export function Pager({
  page,
  pageCount,
  hrefFor,
  previous = 'Previous',
  next = 'Next',
}: {
  page: number
  pageCount: number
  hrefFor: (page: number) => To
  previous?: string
  next?: string
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
      {page > 1 && (
        <Link className={buttonClass('secondary', 'sm')} to={hrefFor(page - 1)}>
          {previous}
        </Link>
      )}
      <span className="text-muted text-sm">
        Page {page} of {pageCount}
      </span>
      {page < pageCount && (
        <Link className={buttonClass('secondary', 'sm')} to={hrefFor(page + 1)}>
          {next}
        </Link>
      )}
    </nav>
  )
}
