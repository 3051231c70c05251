import { runStandalone } from '@catalogue/service-kit';
import { createSearchService } from './app';

await runStandalone({ name: 'search', defaultPort: 3102, create: createSearchService });
