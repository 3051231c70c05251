import { z } from 'zod';
import { listProjects } from '../../../../../projects/commerce-projects';
import { projectRoute, tokenField } from '../../../../../projects/project-route';

/**
 * POST getAllProjects {submitted, token, regionName?} (spec §7): `{Items}` of the user's projects,
 * submitted or not, filtered by region (US keeps projects of US or none; others their own region).
 */
export const POST = projectRoute(
  z.object({
    submitted: z.boolean({ error: 'must be true or false' }),
    regionName: z
      .enum(['US', 'CA', 'GB', 'EU', 'AU', 'NZ'], { error: 'must be US, CA, GB, EU, AU or NZ' })
      .default('US'),
    token: tokenField,
  }),
  async (token, body) => ({ Items: await listProjects(token, body.submitted, body.regionName) }),
  { changes: false },
);
