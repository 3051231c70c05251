import { z } from 'zod';
import { createProject } from '../../../../../projects/commerce-projects';
import { projectRoute, textField, tokenField } from '../../../../../projects/project-route';

/** POST createNewProject {projectName, projectDesc, token, regionName} (spec §7): a new, empty project. */
export const POST = projectRoute(
  z.object({
    projectName: textField(200).min(1, 'is required'),
    projectDesc: textField(2000).default(''),
    regionName: z.enum(['US', 'CA', 'GB', 'EU', 'AU', 'NZ'], { error: 'must be US, CA, GB, EU, AU or NZ' }),
    token: tokenField,
  }),
  (token, body) =>
    createProject(token, {
      projectName: body.projectName,
      projectDesc: body.projectDesc,
      regionName: body.regionName,
    }),
  { changes: true },
);
