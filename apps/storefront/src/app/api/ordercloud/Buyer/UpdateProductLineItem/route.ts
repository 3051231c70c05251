import { z } from 'zod';
import { updateLineItemQuantity } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, quantityField, tokenField } from '../../../../../projects/project-route';

/** POST UpdateProductLineItem {lineItemId, projectId, qty, token} (spec §7): a line's new quantity. */
export const POST = projectRoute(
  z.object({ lineItemId: idField, projectId: idField, qty: quantityField, token: tokenField }),
  (token, body) => updateLineItemQuantity(token, body.projectId, body.lineItemId, body.qty),
  { changes: true },
);
