import { Hono } from 'hono'
import {
  type AlertRule,
  type AlertRulesResponse,
  alertRuleParamsSchema,
  alertRuleRequestSchema,
} from '@/features/alerts/contract'
import { catalogOf } from '@/features/catalog/server/public'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { jsonBody, paramsOf } from '@/platform/server/lib/validate'
import { createRule, deleteRule, listRules } from './rules'

/** /api/alert-rules: the signed-in user's rules on stock. */
export const ruleRoutes = new Hono<UserEnv>()
  .get('/', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json<AlertRulesResponse>(await listRules(catalogOf(c.var.deps), c.var.session.user.id))
  })
  .post('/', requireUser, jsonBody(alertRuleRequestSchema), async (c) => {
    const rule = await createRule(catalogOf(c.var.deps), c.var.session.user.id, c.req.valid('json'))
    return c.json<AlertRule>(rule, 201)
  })
  .delete('/:id', requireUser, paramsOf(alertRuleParamsSchema), async (c) => {
    await deleteRule(catalogOf(c.var.deps), c.var.session.user.id, c.req.valid('param').id)
    return c.body(null, 204)
  })
