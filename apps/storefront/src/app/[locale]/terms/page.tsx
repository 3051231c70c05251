import { contentRoute } from '../../../content-pages/content-route';

/** /terms: a content page, its words from its route item (`content-pages/content-route.tsx`). */
const page = contentRoute('/terms');
export const generateMetadata = page.generateMetadata;
export default page.Page;
