import { getFavoriteProducts } from '../../../../../favourites/favourite-routes';

/** `POST /api/ordercloud/Buyer/GetFavoriteProducts {data:{token}}` (spec §7): the user's favourites. */
export const POST = getFavoriteProducts;
export const dynamic = 'force-dynamic';
