/**
 * The typed path builder of lib/paths and lib/guest-paths: routes use `.pattern`, links use `.to(params)`.
 * Patterns are react-router's (`:param`, `:param?`); the spec's `{param}` were converted.
 */
type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
type RequiredParam<S> = S extends `:${string}?` ? never : S extends `:${infer N}` ? N : never;
type OptionalParam<S> = S extends `:${infer N}?` ? N : never;
type ParamValue = string | number;

export type PathParams<P extends string> = { [K in RequiredParam<Segments<P>>]: ParamValue } & {
  [K in OptionalParam<Segments<P>>]?: ParamValue | null;
};

type PathArgs<P extends string> = [RequiredParam<Segments<P>>] extends [never]
  ? [OptionalParam<Segments<P>>] extends [never]
    ? []
    : [params?: PathParams<P>]
  : [params: PathParams<P>];

export interface PathDef<P extends string = string> {
  readonly pattern: P;
  to(...args: PathArgs<P>): string;
}

export class MissingPathParamError extends Error {
  constructor(
    readonly pattern: string,
    readonly param: string,
  ) {
    super(`Path ${pattern} needs :${param}`);
    this.name = 'MissingPathParamError';
  }
}

export function buildPath(pattern: string, params: Record<string, ParamValue | null | undefined> = {}): string {
  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const name = segment.slice(1, optional ? -1 : undefined);
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      if (optional) return [];
      throw new MissingPathParamError(pattern, name);
    }
    return [encodeURIComponent(String(value))];
  });
  const path = segments.join('/');
  return path === '' ? '/' : path;
}

export function definePath<P extends string>(pattern: P): PathDef<P> {
  return {
    pattern,
    to: (...args: PathArgs<P>) => buildPath(pattern, (args[0] ?? {}) as Record<string, ParamValue | null | undefined>),
  };
}

/** Appends query parameters, skipping empty ones. */
export function withSearch(path: string, search: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A same-origin, in-app path (never `//host` or a scheme): safe to navigate to after sign-in. */
export function isSafeRedirect(value: string | null | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}
