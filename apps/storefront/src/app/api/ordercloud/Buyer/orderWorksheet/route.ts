import { z } from 'zod';
import { projectWorksheet } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, tokenField } from '../../../../../projects/project-route';

/** POST orderWorksheet {orderId, token} (spec §7): the project (order) with its line items. */
export const POST = projectRoute(
  z.object({ orderId: idField, token: tokenField }),
  (token, body) => projectWorksheet(token, body.orderId),
  { changes: false },
);
