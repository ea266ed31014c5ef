import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { ErrorPanel } from './error-panel'

/** Route error boundary: a page that throws shows the error panel inside the shell. */
export function RouteErrorPanel() {
  const error = useRouteError()
  useEffect(() => {
    console.error('Page error:', error)
  }, [error])
  return <ErrorPanel onRetry={() => window.location.reload()} />
}
