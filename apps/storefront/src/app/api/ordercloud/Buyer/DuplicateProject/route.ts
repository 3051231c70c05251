import { z } from 'zod';
import { duplicateProject } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, tokenField } from '../../../../../projects/project-route';

/**
 * POST DuplicateProject {token, projectObj} (spec §7): a new unsubmitted project with the same details and
 * lines as `projectObj.ID`; `projectObj.nameSuffix` (default " (copy)") is added to the name.
 */
export const POST = projectRoute(
  z.object({
    token: tokenField,
    projectObj: z.object(
      {
        ID: idField,
        // Not trimmed: the suffix's leading space separates it from the name (" (copy)", " - rev B").
        nameSuffix: z
          .string({ error: 'must be text' })
          .max(40, 'must be at most 40 characters')
          .default(' (copy)'),
      },
      { error: 'must be an object with ID' },
    ),
  }),
  (token, body) => duplicateProject(token, body.projectObj.ID, body.projectObj.nameSuffix),
  { changes: true },
);
