import { register } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { setTracingOn } from './trace.js';

/** Probes and scrapes answer every few seconds: no trace of theirs. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface TracingSettings {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `<it>/v1/traces` as OTLP/HTTP (JSON). */
  endpoint: string;
  /** OTEL_EXPORTER_OTLP_HEADERS (`key=value,...`): sent with every export (a collector's token). */
  headers: Record<string, string>;
  serviceName: string;
}

/**
 * Turns tracing on for this process (docs/operations.md#traces): W3C trace context, spans batched
 * to an OTLP/HTTP collector, the HTTP server and client and PostgreSQL (node-postgres) instrumented,
 * and the app's own spans (observability/trace.ts). It must run before the modules it instruments
 * are loaded: main.ts imports the app only after it. Answers a function that sends what is left and
 * stops (at exit).
 */
export async function startTracing(settings: TracingSettings): Promise<() => Promise<void>> {
  // ES modules are instrumented through a loader hook (import-in-the-middle), registered before they load.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const exporter = new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/+$/, '')}/v1/traces`, headers: settings.headers });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1000 })],
  });
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]) }),
      // A query's text is recorded with its parameters left out (node-postgres sends them apart).
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  await waitForAllMessagesAcknowledged();
  setTracingOn();
  return () => provider.shutdown();
}
