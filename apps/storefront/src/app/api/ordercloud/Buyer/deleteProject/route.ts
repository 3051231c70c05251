import { z } from 'zod';
import { deleteProject } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, tokenField } from '../../../../../projects/project-route';

/** DELETE deleteProject {orderID, token} (spec §7): removes an unsubmitted project; a refusal says why. */
export const DELETE = projectRoute(
  z.object({ orderID: idField, token: tokenField }),
  (token, body) => deleteProject(token, body.orderID),
  { changes: true },
);
