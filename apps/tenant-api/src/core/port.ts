/**
 * What a module needs from a module that depends on it (so it cannot import it): the needing
 * module declares the port with the shape it uses, and the module registry (`modules/index.ts`)
 * plugs the providing module's functions in at start-up. Module dependencies stay one-way.
 */
export interface Port<T> {
  provide(impl: T): void;
  /** The plugged-in implementation; a port left unplugged is a wiring bug, not a request error. */
  readonly use: T;
}

export function port<T extends object>(name: string): Port<T> {
  let impl: T | null = null;
  return {
    provide(value: T) {
      impl = value;
    },
    get use(): T {
      if (!impl) throw new Error(`${name} is not plugged in (modules/index.ts provides it)`);
      return impl;
    },
  };
}
