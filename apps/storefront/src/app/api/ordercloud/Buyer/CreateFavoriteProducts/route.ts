import { createFavoriteProducts } from '../../../../../favourites/favourite-routes';

/** `POST /api/ordercloud/Buyer/CreateFavoriteProducts {data:{token}}` (spec §7): creates the list if missing. */
export const POST = createFavoriteProducts;
export const dynamic = 'force-dynamic';
