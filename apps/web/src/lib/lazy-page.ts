import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

type ComponentKeys<M> = { [K in keyof M]: M[K] extends ComponentType<object> ? K : never }[keyof M];

/** A route `lazy` that loads a page module and picks its named component export. */
export function lazyPage<M, K extends ComponentKeys<M>>(load: () => Promise<M>, name: K): NonNullable<RouteObject['lazy']> {
  return async () => ({ Component: (await load())[name] as ComponentType<object> });
}
