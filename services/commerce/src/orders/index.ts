import type { Db } from '@catalogue/db';
import type { Hono } from 'hono';
import type { TokenService } from '../auth/tokens';
import type { CommerceEnv } from '../http/env';
import { mountOrderActions } from './actions';
import { mountOrderApprovals } from './approvals';
import { mountCart } from './cart';
import { mountForwarding } from './forwarding';
import { mountLineItems } from './line-items';
import { mountMeOrders } from './me-orders';
import { mountOrderBundles } from './order-bundles';
import { mountOrderPromotions } from './order-promotions';
import { mountOrders } from './orders';
import { mountPayments } from './payments';
import { mountOrderReturns } from './returns';
import { mountShipments } from './shipments';
import { mountSubscriptions } from './subscriptions';
import { mountWorksheet } from './worksheet';

/** The order half of the commerce service: orders, line items and their actions. */
export function mountOrderRoutes(app: Hono<CommerceEnv>, db: Db, tokens: TokenService): void {
  mountOrders(app, db);
  mountLineItems(app, db);
  mountOrderActions(app, db);
  mountOrderApprovals(app, db);
  mountWorksheet(app, db);
  mountForwarding(app, db);
  mountOrderBundles(app, db);
  mountSubscriptions(app, db);
  mountOrderPromotions(app, db);
  mountShipments(app, db);
  mountOrderReturns(app, db);
  mountCart(app, db);
  mountPayments(app, db);
  mountMeOrders(app, db, tokens);
}
