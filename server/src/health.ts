import type { Database } from '@catalogue/db';
import type { Service } from '@catalogue/service-kit';

export interface HealthReport {
  status: 'ok' | 'unavailable' | 'stopping';
  database: { driver: string; location: string; ok: boolean; latencyMs?: number; error?: string };
  services: Record<string, string>;
  uptimeSeconds: number;
}

/** GET /healthz: 200 when the database answers and nothing is stopping, 503 otherwise. */
export async function healthReport(
  database: Database,
  services: Service[],
  storefrontState: () => string,
): Promise<{ status: number; body: HealthReport }> {
  const started = performance.now();
  let databaseHealth: HealthReport['database'];
  try {
    await database.ping(2000);
    databaseHealth = {
      driver: database.driver,
      location: database.location,
      ok: true,
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
    };
  } catch (error) {
    databaseHealth = {
      driver: database.driver,
      location: database.location,
      ok: false,
      error: (error as Error).message,
    };
  }
  const serviceStates: Record<string, string> = { storefront: storefrontState() };
  for (const service of services) serviceStates[service.name] = service.state();
  const stopping = Object.values(serviceStates).includes('stopping');
  const status = stopping ? 'stopping' : databaseHealth.ok ? 'ok' : 'unavailable';
  return {
    status: status === 'ok' ? 200 : 503,
    body: {
      status,
      database: databaseHealth,
      services: serviceStates,
      uptimeSeconds: Math.round(process.uptime()),
    },
  };
}
