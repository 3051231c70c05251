import { type DataNode, requireUnique } from './data-node';
import type { Identities } from './data-types';
import {
  type DatasetApiClient,
  type DatasetSecurityProfile,
  type DatasetSupplier,
  type DatasetUser,
  type DatasetUserGroup,
  LOCALE_CODES,
  type LocaleCode,
  REGIONS,
  type RegionInfo,
} from './model';
import { CODE } from './read-attributes';

const USERNAME = /^[a-z0-9][a-z0-9._-]*$/;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.example$/;

function readUser(
  node: DataNode,
  buyerId: string | null,
  defaults: { password: string | null; domain: string },
  profiles: DatasetSecurityProfile[],
  groups: DatasetUserGroup[],
): DatasetUser {
  node.only(['username', 'password', 'firstName', 'lastName', 'securityProfile', 'groups', 'xp', 'locale']);
  const username = node.get('username').matching(USERNAME, 'a lowercase username');
  const profileId = node.get('securityProfile').string();
  const profile = profiles.find((p) => p.id === profileId);
  if (!profile) throw node.get('securityProfile').error(`unknown security profile '${profileId}'`);
  const groupNodes = node.optional('groups')?.list() ?? [];
  const userGroupIds = groupNodes.map((g) => {
    const id = g.string();
    if (!groups.some((group) => group.id === id))
      g.fail(`'${id}' is not a user group of ${buyerId ?? 'the seller'}`);
    return id;
  });
  const passwordNode = node.optional('password');
  const password = passwordNode ? passwordNode.string() : defaults.password;
  if (!password) node.fail('no password (give the user or the company one)');
  return {
    buyerId,
    id: username,
    username,
    password,
    firstName: node.get('firstName').string(),
    lastName: node.get('lastName').string(),
    email: `${username}@${defaults.domain}`,
    roles: [...profile.roles],
    customRoles: [...profile.customRoles],
    userGroupIds,
    xp: node.optional('xp')?.record() ?? {},
    locale: localeOf(node.optional('locale')),
  };
}

/** A user's mail locale: one of the site's locale codes. */
function localeOf(node: DataNode | null): LocaleCode | null {
  if (!node) return null;
  const code = node.string();
  if (!(LOCALE_CODES as readonly string[]).includes(code)) node.fail(`'${code}' is not a site locale`);
  return code as LocaleCode;
}

function readProfile(node: DataNode): DatasetSecurityProfile {
  node.only(['id', 'name', 'roles', 'customRoles']);
  return {
    id: node.get('id').matching(CODE, 'a lowercase id'),
    name: node.get('name').string(),
    roles: node
      .get('roles')
      .list()
      .map((r) => r.string()),
    customRoles: (node.optional('customRoles')?.list() ?? []).map((r) => r.string()),
  };
}

function readApiClient(node: DataNode): DatasetApiClient {
  node.only([
    ...['id', 'appName', 'clientSecret', 'accessTokenDuration', 'refreshTokenDuration'],
    ...['defaultContextUsername', 'isAnonBuyer', 'allowAnyBuyer', 'allowAnySupplier', 'allowSeller'],
  ]);
  return {
    id: node.get('id').matching(CODE, 'a lowercase client id'),
    appName: node.get('appName').string(),
    clientSecret: node.optional('clientSecret')?.string() ?? null,
    accessTokenDuration: node.get('accessTokenDuration').positiveInteger(),
    refreshTokenDuration: node.get('refreshTokenDuration').positiveInteger(),
    defaultContextUsername: node.optional('defaultContextUsername')?.string() ?? null,
    isAnonBuyer: node.get('isAnonBuyer').boolean(),
    allowAnyBuyer: node.get('allowAnyBuyer').boolean(),
    allowAnySupplier: node.optional('allowAnySupplier')?.boolean() ?? false,
    allowSeller: node.get('allowSeller').boolean(),
  };
}

/** A supplier of identities.yaml, with its users (company password and e-mail domain as for buyers). */
function readSupplier(
  node: DataNode,
  buyerIds: string[],
  profiles: DatasetSecurityProfile[],
): DatasetSupplier {
  node.only([
    ...['id', 'name', 'emailDomain', 'password', 'allBuyersCanOrder'],
    ...['buyers', 'sellsPartnerProducts', 'users'],
  ]);
  const id = node.get('id').matching(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'an uppercase supplier id');
  const buyerNodes = node.optional('buyers')?.list() ?? [];
  const defaults = {
    password: node.optional('password')?.string() ?? null,
    domain: node.get('emailDomain').matching(DOMAIN, 'a domain ending in .example'),
  };
  return {
    id,
    name: node.get('name').string(),
    allBuyersCanOrder: node.optional('allBuyersCanOrder')?.boolean() ?? false,
    buyerIds: buyerNodes.map((b) => {
      const buyerId = b.string();
      if (!buyerIds.includes(buyerId)) b.fail(`'${buyerId}' is not a buyer`);
      return buyerId;
    }),
    sellsPartnerProducts: node.optional('sellsPartnerProducts')?.boolean() ?? false,
    users: node
      .get('users')
      .nonEmptyList()
      .map((u) => readUser(u, null, defaults, profiles, [])),
  };
}

/**
 * identities.yaml: API clients, security profiles, the seller's users, buyer companies and their users,
 * suppliers and their users.
 */
export function readIdentities(root: DataNode, regions: RegionInfo[]): Identities {
  root.only(['apiClients', 'securityProfiles', 'seller', 'buyers', 'suppliers']);
  const profileNodes = root.get('securityProfiles').nonEmptyList();
  requireUnique(profileNodes, (n) => n.get('id').string(), 'security profile id');
  const securityProfiles = profileNodes.map(readProfile);

  const seller = root.get('seller').only(['emailDomain', 'users']);
  const sellerDomain = seller.get('emailDomain').matching(DOMAIN, 'a domain ending in .example');
  const users = seller
    .get('users')
    .nonEmptyList()
    .map((u) => readUser(u, null, { password: null, domain: sellerDomain }, securityProfiles, []));

  const buyerNodes = root.get('buyers').nonEmptyList();
  requireUnique(buyerNodes, (n) => n.get('id').string(), 'buyer id');
  const userGroups: DatasetUserGroup[] = [];
  const buyers = buyerNodes.map((node) => {
    node.only(['id', 'name', 'region', 'emailDomain', 'password', 'userGroups', 'users']);
    const id = node.get('id').matching(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'an uppercase buyer id');
    const region = node.get('region').oneOf(REGIONS);
    const catalogId = regions.find((r) => r.code === region)?.catalogId;
    if (!catalogId) throw node.get('region').error(`region '${region}' is not in regions.yaml`);
    const groups = node
      .get('userGroups')
      .nonEmptyList()
      .map((g): DatasetUserGroup => {
        g.only(['id', 'name', 'description']);
        return {
          buyerId: id,
          id: g.get('id').matching(CODE, 'a lowercase group id'),
          name: g.get('name').string(),
          description: g.get('description').string(),
        };
      });
    userGroups.push(...groups);
    const defaults = {
      password: node.optional('password')?.string() ?? null,
      domain: node.get('emailDomain').matching(DOMAIN, 'a domain ending in .example'),
    };
    for (const u of node.get('users').nonEmptyList())
      users.push(readUser(u, id, defaults, securityProfiles, groups));
    return { id, name: node.get('name').string(), region, catalogId };
  });
  const supplierNodes = root.optional('suppliers')?.list() ?? [];
  requireUnique(supplierNodes, (n) => n.get('id').string(), 'supplier id');
  const suppliers = supplierNodes.map((node) =>
    readSupplier(
      node,
      buyers.map((b) => b.id),
      securityProfiles,
    ),
  );
  const groupIds = new Set<string>();
  for (const group of userGroups) {
    if (groupIds.has(group.id)) root.get('buyers').fail(`duplicate user group id '${group.id}'`);
    groupIds.add(group.id);
  }
  const usernames = new Set<string>();
  for (const user of [...users, ...suppliers.flatMap((s) => s.users)]) {
    if (usernames.has(user.username)) root.fail(`duplicate username '${user.username}'`);
    usernames.add(user.username);
  }

  const clientNodes = root.get('apiClients').nonEmptyList();
  requireUnique(clientNodes, (n) => n.get('id').string(), 'API client id');
  const apiClients = clientNodes.map(readApiClient);
  clientNodes.forEach((node, i) => {
    const name = apiClients[i]?.defaultContextUsername;
    if (name && !usernames.has(name)) node.get('defaultContextUsername').fail(`no user '${name}'`);
  });
  return { apiClients, securityProfiles, buyers, userGroups, users, suppliers };
}
