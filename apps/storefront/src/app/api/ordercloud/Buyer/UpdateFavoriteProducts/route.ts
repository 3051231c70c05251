import { updateFavoriteProducts } from '../../../../../favourites/favourite-routes';

/** `POST /api/ordercloud/Buyer/UpdateFavoriteProducts {data:{token, id, newData}}` (spec §7): adds/removes. */
export const POST = updateFavoriteProducts;
export const dynamic = 'force-dynamic';
