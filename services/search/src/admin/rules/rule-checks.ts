import type { Db } from '@catalogue/db';
import { RULE_WIDGET_TYPES, type RuleData, wireRule } from '../../rules/stored-rule';
import { filterAttributes, ruleFilterProblem } from '../../wire/limits';
import type { AdminDeps } from '../deps';
import { AdminError } from '../errors';
import { unknownAttributes } from '../site-checks';
import type { Tx } from '../write-transaction';
import { existingProducts, widgetTypes } from './repository';

/**
 * What the schema cannot know about a rule, checked against the site: its widgets exist and are of a type
 * rules change (recommendations take no keyphrases, synonyms, redirect or include: they have no
 * keyphrase and no slots to fill), its pinned products exist, its filters name known attributes and stay
 * within the filter limits. Every problem at once, as one 400.
 */
export async function checkRule(
  deps: AdminDeps,
  db: Db | Tx,
  data: RuleData,
  /** Where the rule is in the body (`rules[2]` in a preview), for the problems' paths. */
  at = '',
): Promise<void> {
  const problems: string[] = [];
  const types = await widgetTypes(db, data.widgets);
  const searchOnly =
    data.keyphrases.length > 0 ||
    data.synonyms.length > 0 ||
    data.redirect !== null ||
    data.include.length > 0;
  data.widgets.forEach((rfkId, i) => {
    const type = types.get(rfkId);
    if (type === undefined) problems.push(`widgets[${i}]: no widget is configured with rfk_id '${rfkId}'`);
    else if (!(RULE_WIDGET_TYPES as readonly string[]).includes(type))
      problems.push(`widgets[${i}]: rules do not apply to '${rfkId}', a ${type} widget`);
    else if (type === 'recommendation' && searchOnly)
      problems.push(
        `widgets[${i}]: '${rfkId}' is a recommendation widget: keyphrases, synonyms, redirect and include apply to search widgets only`,
      );
  });
  const pinned = [...new Set(data.pin.map((p) => p.id))];
  const products = await existingProducts(db, pinned);
  data.pin.forEach((pin, i) => {
    if (!products.has(pin.id)) problems.push(`pin[${i}].id: no product '${pin.id}'`);
  });
  const rule = wireRule(data);
  const size = ruleFilterProblem(rule);
  if (size) problems.push(size);
  const names = new Set<string>();
  for (const part of [rule.blacklist, rule.bury, ...(rule.boost ?? []), ...(rule.include ?? [])])
    filterAttributes(part?.filter, names);
  for (const name of unknownAttributes(deps.engine, names))
    problems.push(`a filter names '${name}', an attribute no product or page has`);
  if (problems.length > 0) {
    const placed = at ? problems.map((p) => `${at}.${p}`) : problems;
    throw new AdminError('invalid_request', `Invalid rule: ${placed.slice(0, 5).join('; ')}`, {
      problems: placed,
    });
  }
}
