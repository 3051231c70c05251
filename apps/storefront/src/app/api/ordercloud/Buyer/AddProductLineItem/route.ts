import { z } from 'zod';
import { addLineItem } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, quantityField, tokenField } from '../../../../../projects/project-route';

/** POST AddProductLineItem {productName, projectId, qty, token} (spec §7); productName is the product ID. */
export const POST = projectRoute(
  z.object({ productName: idField, projectId: idField, qty: quantityField, token: tokenField }),
  (token, body) => addLineItem(token, body.projectId, { productId: body.productName, quantity: body.qty }),
  { changes: true },
);
