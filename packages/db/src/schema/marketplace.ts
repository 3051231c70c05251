import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { xp } from './columns';

/** Marketplace configuration resources of the commerce service (seller users only). */

export const impersonationConfigs = pgTable('impersonation_configs', {
  id: text('id').primaryKey(),
  impersonationBuyerId: text('impersonation_buyer_id'),
  impersonationGroupId: text('impersonation_group_id'),
  impersonationUserId: text('impersonation_user_id'),
  buyerId: text('buyer_id'),
  groupId: text('group_id'),
  userId: text('user_id'),
  securityProfileId: text('security_profile_id').notNull(),
  clientId: text('client_id').notNull(),
});

export const openIdConnects = pgTable('openid_connects', {
  id: text('id').primaryKey(),
  orderCloudApiClientId: text('ordercloud_api_client_id').notNull(),
  connectClientId: text('connect_client_id').notNull(),
  connectClientSecret: text('connect_client_secret').notNull(),
  appStartUrl: text('app_start_url').notNull(),
  authorizationEndpoint: text('authorization_endpoint').notNull(),
  tokenEndpoint: text('token_endpoint').notNull(),
  urlEncoded: boolean('url_encoded').notNull().default(false),
  integrationEventId: text('integration_event_id'),
  callSyncUserIntegrationEvent: boolean('call_sync_user_integration_event').notNull().default(false),
  additionalIdpScopes: text('additional_idp_scopes').array(),
  customErrorUrl: text('custom_error_url'),
});

export const incrementors = pgTable('incrementors', {
  id: text('id').primaryKey(),
  name: text('name'),
  lastNumber: integer('last_number').notNull().default(0),
  leftPaddingCount: integer('left_padding_count').notNull().default(0),
});

export const locales = pgTable('locales', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull().default(''),
  currency: text('currency').notNull(),
  language: text('language'),
});

export const localeAssignments = pgTable(
  'locale_assignments',
  {
    localeId: text('locale_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    userGroupId: text('user_group_id').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.localeId, t.buyerId, t.userGroupId] })],
);

/** Webhook configuration only: delivery is a later step. */
export const webhooks = pgTable('webhooks', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  url: text('url'),
  hashKey: text('hash_key'),
  elevatedRoles: text('elevated_roles').array(),
  configData: jsonb('config_data'),
  beforeProcessRequest: boolean('before_process_request').notNull().default(false),
  apiClientIds: text('api_client_ids').array(),
  webhookRoutes: jsonb('webhook_routes'),
  deliveryConfigId: text('delivery_config_id'),
  customAuthHeaderName: text('custom_auth_header_name'),
  customAuthHeaderValue: text('custom_auth_header_value'),
  xp: xp(),
});

export const xpIndices = pgTable(
  'xp_indices',
  {
    thingType: text('thing_type').notNull(),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.thingType, t.key] })],
);
