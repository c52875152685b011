import './app/v8-settings.js';
import { loadConfig } from './config/env.js';

/**
 * The process's entry: `node main.js <role>` (app/roles.ts). Tracing, when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set, starts before the app is loaded, since it instruments modules (http, node-postgres) as they
 * load; without it nothing of OpenTelemetry's SDK is loaded at all.
 */
async function startTracingIfAsked(role: string): Promise<(() => Promise<void>) | null> {
  let config;
  try {
    config = loadConfig();
  } catch {
    return null; // the role reports the bad setting
  }
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const { startTracing } = await import('./observability/tracing-sdk.js');
  return startTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    headers: config.OTEL_EXPORTER_OTLP_HEADERS,
    serviceName: config.OTEL_SERVICE_NAME ?? `bolbazaar-${role}`,
  });
}

const role = process.argv[2] ?? 'all';
if (role === 'operator') {
  // `operator add|remove <email>`: one statement, without loading the app (app/operator-role.ts).
  const { runOperatorRole } = await import('./app/operator-role.js');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  process.exit(await runOperatorRole(config, process.argv.slice(3)));
}
const stopTracing = await startTracingIfAsked(role);
const { runRole } = await import('./app/roles.js');
runRole(role, stopTracing);
