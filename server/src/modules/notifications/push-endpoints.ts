/** The rule of which push endpoints the server may call (docs/product.md#notifications). */
export interface PushEndpointRules {
  /** Host names of the browsers' push services (`*.notify.windows.com` for any sub-domain). */
  allowedHosts: string[];
  /** Tests only: http(s) to 127.0.0.1 / ::1 on any port. */
  allowLoopback: boolean;
}

/**
 * Why an endpoint is refused, or null: only https to a browser push service on the default port (never a private,
 * loopback or link-local address, a user name or an odd port), so a subscription can never make the server call
 * inside its own network. The test-only setting lets a loopback endpoint through.
 */
export function pushEndpointProblem(endpoint: string, rules: PushEndpointRules): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'a URL with credentials';
  const host = url.hostname.toLowerCase();
  if (rules.allowLoopback && (host === '127.0.0.1' || host === '[::1]') && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'not https';
  if (url.port !== '' && url.port !== '443') return 'not the https port';
  const allowed = rules.allowedHosts.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h));
  return allowed ? null : 'not a browser push service';
}
