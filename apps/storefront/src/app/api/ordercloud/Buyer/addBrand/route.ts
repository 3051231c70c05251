import { z } from 'zod';
import { setBrand } from '../../../../../projects/commerce-projects';
import { idField, projectRoute, textField, tokenField } from '../../../../../projects/project-route';

/** POST addBrand {brand, ID, token} (spec §7): the brand the project asks for (xp.brand). */
export const POST = projectRoute(
  z.object({ brand: textField(100), ID: idField, token: tokenField }),
  (token, body) => setBrand(token, body.ID, body.brand),
  { changes: true },
);
