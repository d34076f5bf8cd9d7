const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The Host header as a directory key: lower-case, no port, at most one trailing dot removed.
 * Anything that is not an RFC 1123 hostname (spaces, slashes, `@`, brackets, empty labels,
 * over 253 characters) gives null, so it can never match or poison a cache entry.
 */
export function normaliseHost(raw: string | undefined): string | null {
  if (!raw) return null;
  const known = seen.get(raw);
  if (known !== undefined) return known;
  const host = parseHost(raw);
  // Bounded: a flood of made-up Host headers only ever clears the memo.
  if (seen.size >= SEEN_MAX) seen.clear();
  seen.set(raw, host);
  return host;
}

/** Every request is normalised (one-port dispatch, tenant resolver): the same few hosts, memoised. */
const seen = new Map<string, string | null>();
const SEEN_MAX = 4096;

function parseHost(raw: string): string | null {
  let host = raw.trim().toLowerCase();
  const colon = host.lastIndexOf(':');
  if (colon !== -1) {
    const port = host.slice(colon + 1);
    if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) return null;
    host = host.slice(0, colon);
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length === 0 || host.length > 253) return null;
  return host.split('.').every((label) => LABEL.test(label)) ? host : null;
}

/** The subdomain label when `host` is `<label>.<platformDomain>`, else null. */
export function platformSubdomain(host: string, platformDomain: string): string | null {
  const suffix = `.${platformDomain}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return LABEL.test(label) ? label : null;
}
