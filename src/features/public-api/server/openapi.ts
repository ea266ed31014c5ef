import { z } from 'zod'
import { PUBLIC_API_LIMITS } from '@/features/public-api/contract'
import { apiErrorSchema } from '@/shared/api-error'
import { V1_ROUTES, type V1Route } from './table'

type JsonSchema = Record<string, unknown>

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what a client sends or receives. */
const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema
  return rest
}

/** `/games/:game` → `/games/{game}` */
export const openApiPath = (path: string) => `/api/v1${path.replace(/:(\w+)/g, '{$1}')}`

function parametersOf(route: V1Route) {
  const parameters: JsonSchema[] = []
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue
    const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = property
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      })
    }
  }
  return parameters
}

const LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed a minute', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left this minute', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the minute ends', schema: { type: 'integer' } },
}

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

function operationOf(id: string, route: V1Route) {
  const ok =
    route.response === 'event-stream'
      ? { 'text/event-stream': { schema: { type: 'string' } } }
      : {
          'application/json': {
            schema: route.alternatives?.length
              ? {
                  oneOf: [
                    schemaOf(route.response, 'output'),
                    ...route.alternatives.map((a) => ({ ...schemaOf(a.schema, 'output'), title: a.name })),
                  ],
                }
              : schemaOf(route.response, 'output'),
          },
        }
  return {
    operationId: id,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    parameters: parametersOf(route),
    responses: {
      '200': { description: route.summary, headers: LIMIT_HEADERS, content: ok },
      '400': error('A parameter is not valid: the message says which'),
      '401': error('The X-API-Key is unknown or revoked'),
      '404': error('No such game, item, open ad or trader'),
      '429': {
        ...error('Past the limit: Retry-After says when to try again'),
        headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
      },
    },
  }
}

/** The OpenAPI 3.1 document of API v1, generated from the route table the routes validate with. */
export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [id, route] of Object.entries(V1_ROUTES)) {
    paths[openApiPath(route.path)] = { get: operationOf(id, route) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'TradeHub API',
      version: '1',
      summary:
        'Read-only values, items, trades, stock, trade ads and traders of TradeHub, for bots and sites.',
      description:
        `Stable: v1 changes only by additions. Anyone may call it from any site (CORS, no cookies). ` +
        `Limits: ${PUBLIC_API_LIMITS.anonymousPerMinute} requests a minute per address, ` +
        `${PUBLIC_API_LIMITS.keyPerMinute} with an API key (X-API-Key) made in your profile settings.`,
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'Games and items', description: 'Games, items, values, their history and trades' },
      { name: 'Stock', description: 'Live shop stock of the stock trackers' },
      { name: 'Trading', description: "Open trade ads of the marketplace and traders' public profiles" },
      { name: 'About the API', description: 'This description' },
    ],
    security: [{}, { apiKey: [] }],
    paths,
    components: {
      schemas: { Error: schemaOf(apiErrorSchema, 'output') },
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'Raises the limit; made in the profile settings',
        },
      },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>
