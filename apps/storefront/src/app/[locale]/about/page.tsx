import { contentRoute } from '../../../content-pages/content-route';

/** /about: a content page, its words from its route item (`content-pages/content-route.tsx`). */
const page = contentRoute('/about');
export const generateMetadata = page.generateMetadata;
export default page.Page;
