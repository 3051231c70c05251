import { PACKAGING_OPTIONS } from '@catalogue/outbox/packaging';
import { z } from 'zod';
import { setPackagingOptions } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, tokenField } from '../../../../../projects/project-route';

/**
 * POST addPackagingOption {products, ID, token} (spec §7): the packaging option of project lines, each
 * `{lineItemId, packagingOption}`. All or nothing; the refusal's message comes back (the page shows it
 * in an alert, spec §8). Only an option's code is stored (any case: `Bulk` is `bulk`); a placeholder
 * such as "Choose packaging" or any other text is refused, so no reader ever sees it as a value.
 */
const packagingOption = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(PACKAGING_OPTIONS, { error: `must be one of ${PACKAGING_OPTIONS.join(', ')}` }),
);

export const POST = projectRoute(
  z.object({
    products: z
      .array(z.object({ lineItemId: idField, packagingOption }), {
        error: 'must be a list of {lineItemId, packagingOption}',
      })
      .min(1, 'must name at least one line')
      .max(200, 'must name at most 200 lines'),
    ID: idField,
    token: tokenField,
  }),
  (token, body) => setPackagingOptions(token, body.ID, body.products),
  { changes: true },
);
