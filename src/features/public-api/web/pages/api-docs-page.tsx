import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { PUBLIC_API_LIMITS, V1_EXAMPLES } from '@/features/public-api/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Page, Prose } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { type OpenApiOperation, type OpenApiParameter, openApiQuery } from '../api'

const anchorOf = (operation: OpenApiOperation) => `op-${operation.operationId}`

function typeOf(parameter: OpenApiParameter) {
  const { schema } = parameter
  if (schema.enum) return schema.enum.join(' | ')
  return schema.type ?? 'string'
}

function Parameters({ parameters }: { parameters: OpenApiParameter[] }) {
  if (parameters.length === 0) return null
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Parameters</caption>
        <thead>
          <tr className="border-line border-b">
            <th scope="col" className="py-1 pr-3">
              Name
            </th>
            <th scope="col" className="py-1 pr-3">
              In
            </th>
            <th scope="col" className="py-1 pr-3">
              Type
            </th>
            <th scope="col" className="py-1">
              About
            </th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((p) => (
            <tr key={`${p.in}-${p.name}`} className="border-line border-b align-top">
              <td className="py-1 pr-3 font-mono">
                {p.name}
                {p.required && <span className="text-muted"> (required)</span>}
              </td>
              <td className="py-1 pr-3">{p.in}</td>
              <td className="py-1 pr-3 font-mono">{typeOf(p)}</td>
              <td className="py-1">
                {p.description}
                {p.schema.default !== undefined && (
                  <span className="text-muted"> Default: {JSON.stringify(p.schema.default)}.</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Operation({ path, operation }: { path: string; operation: OpenApiOperation }) {
  const answers = Object.entries(operation.responses)
  return (
    <section aria-labelledby={anchorOf(operation)} className="rounded-xl border border-line bg-surface p-4">
      <h3 id={anchorOf(operation)} className="font-semibold text-ink">
        {operation.summary}
      </h3>
      <p className="mt-1 break-all font-mono text-sm">
        <span className="font-semibold">GET</span> {path}
      </p>
      {operation.description && <p className="mt-2 text-sm">{operation.description}</p>}
      <Parameters parameters={operation.parameters} />
      <p className="mt-3 text-muted text-sm">
        Answers: {answers.map(([status, answer]) => `${status} ${answer.description}`).join(' · ')}
      </p>
    </section>
  )
}

/** /docs/api: the reference of the public API v1, made from its OpenAPI document (one request). */
export function ApiDocsPage() {
  const query = useQuery(openApiQuery)
  return (
    <Page
      title="API reference"
      lead="TradeHub's public API v1: read-only values, items, trades, stock, trade ads and traders for bots and sites."
    >
      <Prose>
        <p>
          Every path below answers JSON to a GET from any site (CORS, without cookies). The machine-readable
          description is <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1): load it into
          any OpenAPI tool to make a client. v1 only grows: a change that would break a bot comes as v2.
        </p>
        <h2>Limits and API keys</h2>
        <p>
          Each address may make {PUBLIC_API_LIMITS.anonymousPerMinute} requests a minute. Every answer says
          how many are left in <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and{' '}
          <code>RateLimit-Reset</code> (seconds); past the limit the answer is 429 with{' '}
          <code>Retry-After</code>. An API key, sent as <code>X-API-Key</code>, raises the limit to{' '}
          {PUBLIC_API_LIMITS.keyPerMinute} a minute: make one in your{' '}
          <Link to="/profile?tab=settings">profile settings</Link>.
        </p>
        <h2>Grow a Garden stock for community bots</h2>
        <p>
          <code>{V1_EXAMPLES.communityStock}</code> answers the lists community bots already read (
          <code>seed_stock</code>, <code>gear_stock</code>, … with <code>item_id</code>,{' '}
          <code>display_name</code>, <code>quantity</code>, <code>start_date_unix</code>,{' '}
          <code>end_date_unix</code>), so such a bot can point at TradeHub unchanged.
        </p>
      </Prose>
      {query.isPending ? (
        <Spinner label="Loading the API reference" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : (
        <div className="mt-8 grid gap-8">
          {query.data.tags.map((tag) => {
            const operations = Object.entries(query.data.paths).filter(([, p]) =>
              p.get.tags.includes(tag.name),
            )
            const id = `tag-${tag.name.replace(/\W+/g, '-').toLowerCase()}`
            return (
              <section key={tag.name} aria-labelledby={id}>
                <h2 id={id} className="font-semibold text-xl">
                  {tag.name}
                </h2>
                {tag.description && <p className="mt-1 text-muted text-sm">{tag.description}</p>}
                <div className="mt-3 grid gap-3">
                  {operations.map(([path, { get }]) => (
                    <Operation key={path} path={path} operation={get} />
                  ))}
                </div>
              </section>
            )
          })}
        </div>
      )}
    </Page>
  )
}
