import { runStandalone } from '@catalogue/service-kit';
import { createContentService } from './app';

await runStandalone({ name: 'content', defaultPort: 3103, create: createContentService });
