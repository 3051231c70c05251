import { z } from 'zod';
import { submitProject } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, tokenField } from '../../../../../projects/project-route';

/** POST submitProjectforQuote {projectId, token} (spec §7): submits the project; it is read-only after. */
export const POST = projectRoute(
  z.object({ projectId: idField, token: tokenField }),
  (token, body) => submitProject(token, body.projectId),
  { changes: true },
);
