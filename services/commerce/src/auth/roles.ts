import { ApiError } from '../http/api-error';

/** OrderCloud's API roles (the SDK's `ApiRole`). `*Admin` reads and writes, `*Reader` reads. */
export const API_ROLES = [
  'ApiClientAdmin',
  'ApiClientReader',
  'AddressAdmin',
  'AddressReader',
  'AdminAddressAdmin',
  'AdminAddressReader',
  'AdminUserAdmin',
  'AdminUserGroupAdmin',
  'AdminUserGroupReader',
  'AdminUserReader',
  'ApprovalRuleAdmin',
  'ApprovalRuleReader',
  'BundleAdmin',
  'BundleAssignmentAdmin',
  'BundleReader',
  'BuyerAdmin',
  'BuyerImpersonation',
  'BuyerReader',
  'BuyerUserAdmin',
  'BuyerUserReader',
  'CatalogAdmin',
  'CatalogReader',
  'CategoryAdmin',
  'CategoryReader',
  'CostCenterAdmin',
  'CostCenterReader',
  'CreditCardAdmin',
  'CreditCardReader',
  'EntitySyncConfigAdmin',
  'FullAccess',
  'IncrementorAdmin',
  'IncrementorReader',
  'LocaleReader',
  'LocaleAdmin',
  'MeAddressAdmin',
  'MeAdmin',
  'MeCreditCardAdmin',
  'MessageConfigAssignmentAdmin',
  'MeSubscriptionAdmin',
  'MeXpAdmin',
  'OrderAdmin',
  'OrderReader',
  'OverrideShipping',
  'OverrideTax',
  'OverrideUnitPrice',
  'PasswordReset',
  'PriceScheduleAdmin',
  'PriceScheduleReader',
  'ProductAdmin',
  'ProductAssignmentAdmin',
  'ProductCollectionReader',
  'ProductFacetAdmin',
  'ProductFacetReader',
  'ProductReader',
  'ProductSyncConfigAdmin',
  'PromotionAdmin',
  'PromotionReader',
  'SecurityProfileAdmin',
  'SecurityProfileReader',
  'SetSecurityProfile',
  'ShipmentAdmin',
  'ShipmentReader',
  'Shopper',
  'SpendingAccountAdmin',
  'SpendingAccountReader',
  'SubscriptionAdmin',
  'SubscriptionReader',
  'SupplierAddressAdmin',
  'SupplierAddressReader',
  'SupplierAdmin',
  'SupplierReader',
  'SupplierUserAdmin',
  'SupplierUserGroupAdmin',
  'SupplierUserGroupReader',
  'SupplierUserReader',
  'UnsubmittedOrderReader',
  'UserGroupAdmin',
  'UserGroupReader',
  'OpenIDConnectReader',
  'OpenIDConnectAdmin',
  'MessageSenderReader',
  'MessageSenderAdmin',
  'XpIndexAdmin',
  'WebhookReader',
  'WebhookAdmin',
  'IntegrationEventReader',
  'IntegrationEventAdmin',
  'TrackingEventReader',
  'TrackingEventAdmin',
  'DeliveryConfigAdmin',
  'OrderSyncConfigAdmin',
  'ErrorConfigAdmin',
] as const;
export type ApiRole = (typeof API_ROLES)[number];

const ROLE_SET: ReadonlySet<string> = new Set(API_ROLES);
export function isApiRole(value: string): value is ApiRole {
  return ROLE_SET.has(value);
}

/** What an endpoint needs: any one of these roles (FullAccess always suffices). */
export function requireAnyRole(assigned: readonly string[], sufficient: readonly ApiRole[]): void {
  if (assigned.includes('FullAccess') || sufficient.some((role) => assigned.includes(role))) return;
  throw ApiError.of(403, 'InsufficientRoles', 'User does not have role(s) required to perform this action.', {
    SufficientRoles: [...sufficient, 'FullAccess'],
    AssignedRoles: assigned.filter(isApiRole),
  });
}

/** The roles sufficient to read and to write a resource guarded by `<base>Admin` / `<base>Reader`. */
export function rolesFor(admin: ApiRole, reader?: ApiRole): { read: ApiRole[]; write: ApiRole[] } {
  return { read: reader ? [admin, reader] : [admin], write: [admin] };
}

/** 403 for a user of the wrong kind (a buyer user on a marketplace-only route, a seller on a buyer-only one). */
export function wrongUserType(userType: string, allowed: string[], message: string): ApiError {
  return ApiError.of(403, 'InvalidUserType', message, { UserType: userType, AllowedUserTypes: allowed });
}
