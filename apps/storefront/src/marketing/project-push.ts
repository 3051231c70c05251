import { projectDetails } from '@catalogue/outbox/documents';
import { Me } from 'ordercloud-javascript-sdk';
import type { VerifiedUser } from '../auth/verify-token';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import { ProjectError } from '../projects/commerce-projects';
import { projectDocumentOf, projectSheet } from '../projects/project-files';
import type { ProjectDetails } from './project-details';

/**
 * What `postProjectDetailsPardot` may push: the caller's own submitted project as the commerce service
 * stores it, read with the caller's own token — never what the body says. Another company's project is
 * the service's 404; a colleague's (visible to company readers) or one not submitted yet is refused here.
 */
export async function ownSubmittedProjectDetails(
  token: string,
  user: VerifiedUser,
  projectId: string,
): Promise<ProjectDetails> {
  const sheet = await projectSheet(token, user, projectId);
  const order = sheet.Order ?? {};
  if (order.FromUserID !== user.userId || user.userType !== 'buyer') {
    throw new ProjectError(`Project ${projectId} is not yours: only its owner can push its details.`, 403);
  }
  if (!order.IsSubmitted) {
    throw new ProjectError(`Project ${projectId} is not submitted: only submitted projects are pushed.`, 409);
  }
  const details = projectDetails(await projectDocumentOf(token, sheet));
  // The user as the commerce service knows them, not the order's sender snapshot, which its sender may
  // edit (`PATCH …/fromuser`) to name anyone; the quote request's own push reads the user the same way.
  configureInProcessCommerce();
  const me = await Me.Get({ accessToken: token });
  return {
    ...details,
    user: {
      username: me.Username ?? user.username,
      firstName: me.FirstName ?? '',
      lastName: me.LastName ?? '',
      email: me.Email ?? '',
    },
  };
}

/**
 * Where the details a browser sent differ from the stored project: the field paths (`lines[2].quantity`,
 * `user.username`). A field the body leaves out is not compared; lines are compared by product in any
 * order. The company's name is not compared: a buyer's token may not read it (the push then names the
 * company by its ID), and it says nothing about who or what the project is.
 */
export function mismatchesWith(claimed: ProjectDetails, stored: ProjectDetails): string[] {
  const wrong: string[] = [];
  const scalar = (path: string, said: unknown, is: unknown) => {
    if (said !== undefined && said !== is) wrong.push(path);
  };
  scalar('projectId', claimed.projectId, stored.projectId);
  scalar('projectName', claimed.projectName, stored.projectName);
  scalar('projectDesc', claimed.projectDesc, stored.projectDesc);
  scalar('regionName', claimed.regionName, stored.regionName);
  scalar('brand', claimed.brand, stored.brand);
  if (claimed.submittedAt !== undefined) {
    const said = claimed.submittedAt === null ? null : Date.parse(claimed.submittedAt);
    const is = stored.submittedAt ? Date.parse(stored.submittedAt) : null;
    if (said !== is) wrong.push('submittedAt');
  }
  if (claimed.company) scalar('company.id', claimed.company.id, stored.company?.id);
  if (claimed.user) {
    for (const key of ['username', 'firstName', 'lastName', 'email'] as const) {
      scalar(`user.${key}`, claimed.user[key], stored.user?.[key]);
    }
  }
  if (claimed.lines) {
    const storedLines = stored.lines ?? [];
    if (claimed.lines.length !== storedLines.length) wrong.push('lines');
    const byProduct = new Map<string, (typeof storedLines)[number][]>();
    for (const line of storedLines)
      byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line]);
    for (const [i, line] of claimed.lines.entries()) {
      const candidates = byProduct.get(line.productId) ?? [];
      const match = candidates.findIndex(
        (s) =>
          s.quantity === line.quantity &&
          (line.name === undefined || s.name === line.name) &&
          (line.packagingOption === undefined || s.packagingOption === line.packagingOption),
      );
      if (match < 0) {
        wrong.push(candidates.length === 0 ? `lines[${i}].productId` : `lines[${i}].quantity`);
        continue;
      }
      candidates.splice(match, 1);
    }
  }
  return wrong;
}
