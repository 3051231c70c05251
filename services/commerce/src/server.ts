import { outboxConfigFromEnv, startOutbox } from '@catalogue/outbox';
import { runStandalone } from '@catalogue/service-kit';
import { createCommerceService } from './app';

// Password-reset mails are queued in the outbox: the standalone service delivers them too, unless
// OUTBOX_WORKER=off (a dedicated `npm run outbox` process, or another instance, does).
const outboxConfig = outboxConfigFromEnv();
await runStandalone({
  name: 'commerce',
  defaultPort: 3101,
  create: createCommerceService,
  background: (database) => startOutbox(database, outboxConfig),
});
