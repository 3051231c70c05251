/** The claims of our access tokens: OrderCloud's (docs/ordercloud-wire.md) plus `cmp`, the user's company. */
export type UserType = 'admin' | 'buyer' | 'supplier';

export interface AccessClaims {
  usr: string;
  cid: string;
  u: string;
  usrtype: UserType;
  /** Company of the user: the buyer or supplier ID, '' for the marketplace owner (our addition). */
  cmp: string;
  role: string[] | string;
  iss: string;
  aud: string;
  exp: number;
  nbf: number;
  jti: string;
  orderid?: string;
  imp?: string;
  /** The user's token version when issued (our addition): revoking the user's tokens moves it on. */
  tv?: number;
  /** The session (refresh token) the token was issued with (our addition): its logout ends the token. */
  sid?: string;
}

/** Who is calling, as every handler sees it. */
export interface Principal {
  userId: string;
  username: string;
  userType: UserType;
  companyType: 'seller' | 'buyer' | 'supplier';
  companyId: string;
  clientId: string;
  roles: string[];
  anonymous: boolean;
  anonymousOrderId: string | null;
  impersonatedBy: string | null;
  expiresAt: number;
  /** `tv`: 0 for tokens issued before versions existed. */
  tokenVersion: number;
  /** `sid`: null for tokens without a refresh token (anonymous, client credentials, impersonation). */
  sessionId: string | null;
}

export function companyTypeOf(userType: UserType): Principal['companyType'] {
  return userType === 'admin' ? 'seller' : userType;
}

export function userTypeOf(companyType: string): UserType {
  return companyType === 'seller' ? 'admin' : companyType === 'supplier' ? 'supplier' : 'buyer';
}
