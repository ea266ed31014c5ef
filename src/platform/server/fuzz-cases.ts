/**
 * The fuzz tests' requests: each endpoint's fields, bodies, query and path parameters crossed with the
 * bad values, one case a request.
 */
import { BODY_ENDPOINTS, NO_INPUT_BODY_ENDPOINTS } from './fuzz-endpoints'
import {
  ENUM_BODY_ENDPOINTS,
  ENUM_KEY_ENDPOINTS,
  ENUM_PATH_ENDPOINTS,
  ENUM_QUERY_ENDPOINTS,
} from './fuzz-enum-endpoints'
import { PATH_ENDPOINTS, QUERY_ENDPOINTS } from './fuzz-url-endpoints'
import { BAD_FIELD_VALUES, BAD_PATH_VALUES, BAD_URL_VALUES, badBodies, PROTOTYPE_NAMES } from './fuzz-values'

export interface Case {
  name: string
  method: string
  path: string
  signedIn?: boolean
  contentType?: string
  body?: BodyInit
  /** Better Auth's e-mailed links may answer with a redirect to the error page. */
  link?: boolean
}

/** The body text of `valid` with the field at `path` (a.b) written as the raw JSON `raw`. */
function withField(valid: Record<string, unknown>, path: string, raw: string): string {
  const marker = '\u0001fuzz-marker\u0001'
  const copy = structuredClone(valid)
  const keys = path.split('.')
  let target: Record<string, unknown> = copy
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>
  target[keys.at(-1)!] = marker
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw)
}

const withQuery = (path: string, query: Record<string, string>, extra = '') => {
  const base = new URLSearchParams(query).toString()
  const all = [base, extra].filter(Boolean).join('&')
  return all ? `${path}?${all}` : path
}

export function bodyFieldCases(): Case[] {
  const cases: Case[] = []
  for (const endpoint of BODY_ENDPOINTS) {
    for (const field of endpoint.fields) {
      for (const [label, raw] of Object.entries(BAD_FIELD_VALUES)) {
        if (endpoint.accepts?.[field]?.includes(label)) continue
        cases.push({
          name: `${endpoint.method} ${endpoint.path} ${field}: ${label}`,
          method: endpoint.method,
          path: endpoint.path,
          signedIn: endpoint.signedIn,
          contentType: 'application/json',
          body: withField(endpoint.body, field, raw),
        })
      }
    }
  }
  return cases
}

export function wholeBodyCases(): Case[] {
  const cases: Case[] = []
  for (const endpoint of [...BODY_ENDPOINTS, ...NO_INPUT_BODY_ENDPOINTS]) {
    for (const [label, { contentType, body }] of Object.entries(
      badBodies(endpoint.body, endpoint.fields.length === 0),
    )) {
      if (endpoint.accepts?.['(body)']?.includes(label)) continue
      cases.push({
        name: `${endpoint.method} ${endpoint.path} body: ${label}`,
        method: endpoint.method,
        path: endpoint.path,
        signedIn: endpoint.signedIn,
        contentType,
        body,
      })
    }
  }
  return cases
}

export function queryCases(): Case[] {
  const cases: Case[] = []
  for (const endpoint of QUERY_ENDPOINTS) {
    const common = { method: endpoint.method, signedIn: endpoint.signedIn, link: endpoint.link }
    for (const param of endpoint.params) {
      const others = Object.fromEntries(Object.entries(endpoint.query).filter(([k]) => k !== param))
      for (const [label, value] of Object.entries(BAD_URL_VALUES)) {
        cases.push({
          ...common,
          name: `${endpoint.method} ${endpoint.path} ?${param}: ${label}`,
          path: withQuery(endpoint.path, others, `${param}=${value}`),
        })
      }
      cases.push({
        ...common,
        name: `${endpoint.method} ${endpoint.path} ?${param}: given twice`,
        path: withQuery(endpoint.path, others, `${param}=1&${param}=2`),
      })
    }
    if (!endpoint.link) {
      // Better Auth's links ignore parameters they do not know; the app's own refuse them.
      for (const name of ['__proto__', 'constructor', 'x%00']) {
        cases.push({
          ...common,
          name: `${endpoint.method} ${endpoint.path} unknown parameter ${name}`,
          path: withQuery(endpoint.path, endpoint.query, `${name}=1`),
        })
      }
    }
  }
  return cases
}

export function pathCases(): Case[] {
  const cases: Case[] = []
  for (const endpoint of PATH_ENDPOINTS) {
    for (const [label, value] of Object.entries(BAD_PATH_VALUES)) {
      cases.push({
        name: `${endpoint.method} ${endpoint.path}: ${label}`,
        method: endpoint.method,
        path: endpoint.path.replace('{}', value),
        signedIn: endpoint.signedIn,
        link: endpoint.link,
      })
    }
  }
  return cases
}

/** Each prototype name in each enum-like body field, object key, query parameter and path part. */
export function prototypeNameCases(): Case[] {
  const cases: Case[] = []
  const json = 'application/json'
  for (const endpoint of ENUM_BODY_ENDPOINTS) {
    for (const field of endpoint.fields) {
      for (const name of PROTOTYPE_NAMES) {
        cases.push({
          name: `${endpoint.method} ${endpoint.path} ${field}: ${name}`,
          method: endpoint.method,
          path: endpoint.path,
          signedIn: endpoint.signedIn,
          contentType: json,
          body: withField(endpoint.body, field, JSON.stringify(name)),
        })
      }
    }
  }
  for (const endpoint of ENUM_KEY_ENDPOINTS) {
    for (const field of endpoint.fields) {
      const [value] = Object.values(endpoint.body[field] as Record<string, unknown>)
      for (const name of PROTOTYPE_NAMES) {
        cases.push({
          name: `${endpoint.method} ${endpoint.path} ${field} key: ${name}`,
          method: endpoint.method,
          path: endpoint.path,
          signedIn: endpoint.signedIn,
          contentType: json,
          body: withField(endpoint.body, field, `{${JSON.stringify(name)}:${JSON.stringify(value)}}`),
        })
      }
    }
  }
  // The bulk update's trend column, a CSV cell: an unknown trend of its row, so nothing is applied (a dry
  // run answers 200 listing the row as invalid).
  for (const name of PROTOTYPE_NAMES) {
    cases.push({
      name: `POST /api/admin/items/blox-fruits/bulk csv trend: ${name}`,
      method: 'POST',
      path: '/api/admin/items/blox-fruits/bulk',
      signedIn: true,
      contentType: json,
      body: JSON.stringify({
        csv: `id,value,demand,trend\nkitsune,1000,5,${name}`,
        reason: 'Fuzz',
        dryRun: false,
      }),
    })
  }
  for (const endpoint of ENUM_QUERY_ENDPOINTS) {
    for (const param of endpoint.params) {
      const others = Object.fromEntries(Object.entries(endpoint.query).filter(([k]) => k !== param))
      for (const name of PROTOTYPE_NAMES) {
        cases.push({
          name: `${endpoint.method} ${endpoint.path} ?${param}: ${name}`,
          method: endpoint.method,
          path: withQuery(endpoint.path, others, `${param}=${name}`),
          signedIn: endpoint.signedIn,
        })
      }
    }
  }
  for (const endpoint of ENUM_PATH_ENDPOINTS) {
    for (const name of PROTOTYPE_NAMES) {
      cases.push({
        name: `${endpoint.method} ${endpoint.path}: ${name}`,
        method: endpoint.method,
        path: endpoint.path.replace('{}', name),
        signedIn: endpoint.signedIn,
        ...(endpoint.body && { contentType: json, body: JSON.stringify(endpoint.body) }),
      })
    }
  }
  return cases
}
