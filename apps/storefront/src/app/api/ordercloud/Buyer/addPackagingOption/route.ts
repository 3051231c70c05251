import { z } from 'zod';
import { setPackagingOptions } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, textField, tokenField } from '../../../../../projects/project-route';

/**
 * POST addPackagingOption {products, ID, token} (spec §7): the packaging option of project lines, each
 * `{lineItemId, packagingOption}`. All or nothing; the refusal's message comes back (the page shows it
 * in an alert, spec §8).
 */
export const POST = projectRoute(
  z.object({
    products: z
      .array(z.object({ lineItemId: idField, packagingOption: textField(100).min(1, 'is required') }), {
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
