import { runStandalone } from '@catalogue/service-kit';
import { createCommerceService } from './app';

await runStandalone({ name: 'commerce', defaultPort: 3101, create: createCommerceService });
