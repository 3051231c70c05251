import { z } from 'zod';
import { deleteLineItem } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, tokenField } from '../../../../../projects/project-route';

/** DELETE deleteProductFromProject {lineItemId, projectId, token} (spec §7). */
export const DELETE = projectRoute(
  z.object({ lineItemId: idField, projectId: idField, token: tokenField }),
  (token, body) => deleteLineItem(token, body.projectId, body.lineItemId),
  { changes: true },
);
