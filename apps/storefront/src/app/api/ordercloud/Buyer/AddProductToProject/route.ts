import { z } from 'zod';
import { addProducts } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, quantityField, tokenField } from '../../../../../projects/project-route';

/**
 * POST AddProductToProject {products, ID, token} (spec §7): adds several products at once, each
 * `{productName, qty}` (productName is the product's ID, its catalogue number). All or nothing: if one is
 * refused, the others are taken out again and the refusal's message comes back.
 */
export const POST = projectRoute(
  z.object({
    products: z
      .array(z.object({ productName: idField, qty: quantityField }), {
        error: 'must be a list of {productName, qty}',
      })
      .min(1, 'must name at least one product')
      .max(200, 'must name at most 200 products'),
    ID: idField,
    token: tokenField,
  }),
  (token, body) =>
    addProducts(
      token,
      body.ID,
      body.products.map((p) => ({ productId: p.productName, quantity: p.qty })),
    ),
  { changes: true },
);
