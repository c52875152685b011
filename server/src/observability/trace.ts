import { context, propagation, SpanStatusCode, trace, type Attributes, type Context } from '@opentelemetry/api';

/**
 * The app's own spans (docs/operations.md#traces), over OpenTelemetry's API. Tracing is on only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (observability/tracing-sdk.ts turns it on at start, before anything
 * it instruments is loaded); off, every helper here runs its work directly: no span, no context, no
 * object made.
 */
let on = false;

/** Called once by the tracing SDK's start. */
export function setTracingOn(): void {
  on = true;
}

export function tracingOn(): boolean {
  return on;
}

const tracer = () => trace.getTracer('bolbazaar');

/**
 * Runs `work` in a span named `name` (a child of the current one), ended when its result settles; an
 * error is recorded on the span and thrown on. A synchronous result ends it at once.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: () => T, parent?: Context): T {
  if (!on) return work();
  return tracer().startActiveSpan(name, { attributes }, parent ?? context.active(), (span) => {
    const fail = (err: unknown) => {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    try {
      const result = work();
      if (result instanceof Promise) {
        return result.then(
          (value: unknown) => {
            span.end();
            return value;
          },
          (err: unknown) => {
            fail(err);
            throw err;
          },
        ) as T;
      }
      span.end();
      return result;
    } catch (err) {
      fail(err);
      throw err;
    }
  });
}

/**
 * Runs `work` in a span whose parent is the W3C `traceparent` another process recorded (an outbox
 * event's, a job's, a live message's), so the work it causes joins the trace of the request that
 * caused it. Without one (or with tracing off) `work` runs as `inSpan` would, or directly.
 */
export function inSpanAfter<T>(traceparent: unknown, name: string, attributes: Attributes, work: () => T): T {
  if (!on) return work();
  const parent = typeof traceparent === 'string' ? propagation.extract(context.active(), { traceparent }) : undefined;
  return inSpan(name, attributes, work, parent);
}

/** The current span's W3C `traceparent`, to record with work another process will do; null when off or outside a span. */
export function currentTraceparent(): string | null {
  if (!on || !trace.getActiveSpan()) return null;
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/**
 * Each method of each service, called through the returned object, in a span named
 * `<service>.<method>` (tracing on only: the composition root calls it then). Methods run on the
 * service itself, so its private fields and its calls to its own methods are untouched.
 */
export function tracedServices<S extends object>(services: S, skip: ReadonlyArray<keyof S>): S {
  const traced = Object.fromEntries(
    Object.entries(services).map(([name, service]) =>
      skip.includes(name as keyof S) || typeof service !== 'object' || service === null ? [name, service] : [name, tracedObject(name, service as object)],
    ),
  );
  return traced as S;
}

function tracedObject<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(obj, prop) {
      const value: unknown = Reflect.get(obj, prop);
      if (typeof value !== 'function' || typeof prop !== 'string' || prop === 'constructor') return value;
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => inSpan(`${name}.${prop}`, {}, () => method.apply(obj, args));
    },
  });
}
