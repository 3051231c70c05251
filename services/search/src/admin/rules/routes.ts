import { Hono } from 'hono';
import type { AdminDeps } from '../deps';
import type { AdminEnv } from '../env';
import { parseWith, readBody, readQuery } from '../request-body';
import { createRuleBody, deleteRuleQuery, listRulesQuery, ruleIdSchema, updateRuleBody } from './schema';
import { createRule, deleteRule, getRule, listRules, updateRule } from './service';

/** `/admin/v1/rules`: merchandising rules (docs/search-admin.md "Rules"). */
export function ruleRoutes(deps: AdminDeps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const idOf = (value: string) => parseWith(ruleIdSchema, value, 'path.id');

  app.get('/', async (c) => c.json(await listRules(deps, readQuery(c.req.raw, listRulesQuery))));

  app.get('/:id', async (c) => c.json(await getRule(deps, idOf(c.req.param('id')))));

  app.post('/', async (c) => {
    const rule = await createRule(deps, c.get('actor'), await readBody(c.req.raw, createRuleBody));
    return c.json(rule, 201, { location: `${new URL(c.req.url).pathname.replace(/\/$/, '')}/${rule.id}` });
  });

  app.put('/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    return c.json(await updateRule(deps, c.get('actor'), id, await readBody(c.req.raw, updateRuleBody)));
  });

  app.delete('/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    await deleteRule(deps, c.get('actor'), id, readQuery(c.req.raw, deleteRuleQuery).version);
    return c.body(null, 204);
  });

  return app;
}
