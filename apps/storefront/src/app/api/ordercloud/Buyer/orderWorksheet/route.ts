import { z } from 'zod';
import { projectWorksheetWithStock } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, tokenField } from '../../../../../projects/project-route';

/**
 * POST orderWorksheet {orderId, token} (spec §7): the project (order) with its line items, each line's
 * product with its stock (`Product.Inventory`) for the page's notes.
 */
export const POST = projectRoute(
  z.object({ orderId: idField, token: tokenField }),
  (token, body) => projectWorksheetWithStock(token, body.orderId),
  { changes: false },
);
