import { z } from 'zod';
import { duplicateProject } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, textField, tokenField } from '../../../../../projects/project-route';

/**
 * POST DuplicateProject {token, projectObj} (spec §7): a new unsubmitted project with the same details and
 * lines as `projectObj.ID`; `projectObj.nameSuffix` (default " (copy)") is added to the name.
 */
export const POST = projectRoute(
  z.object({
    token: tokenField,
    projectObj: z.object(
      { ID: idField, nameSuffix: textField(40).default(' (copy)') },
      { error: 'must be an object with ID' },
    ),
  }),
  (token, body) => duplicateProject(token, body.projectObj.ID, body.projectObj.nameSuffix),
  { changes: true },
);
