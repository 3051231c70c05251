import { z } from 'zod';
import { listProjects } from '../../../../../projects/commerce-projects';
import { projectRoute, tokenField } from '../../../../../projects/project-route';

/**
 * POST getAllProjects {submitted, token, regionName?} (spec §7): `{Items}` of the user's projects,
 * submitted or not, filtered by region (US keeps projects of US or none; others their own region).
 * `allRegions: true` (our extension) keeps every region's: the site's screens list the others under their
 * region instead of hiding them (issue 22 item 11).
 */
export const POST = projectRoute(
  z.object({
    submitted: z.boolean({ error: 'must be true or false' }),
    regionName: z
      .enum(['US', 'CA', 'GB', 'EU', 'AU', 'NZ'], { error: 'must be US, CA, GB, EU, AU or NZ' })
      .default('US'),
    allRegions: z.boolean({ error: 'must be true or false' }).default(false),
    token: tokenField,
  }),
  async (token, body) => ({
    Items: await listProjects(token, body.submitted, body.allRegions ? null : body.regionName),
  }),
  { changes: false },
);
