import { contentRoute } from '../../../content-pages/content-route';

/** /careers: a content page, its words from its route item (`content-pages/content-route.tsx`). */
const page = contentRoute('/careers');
export const generateMetadata = page.generateMetadata;
export default page.Page;
