import type { RouteObject } from 'react-router-dom';

export const loadGraphqlScope: NonNullable<RouteObject['lazy']> = async () => ({
  Component: (await import('./graphql-scope')).GraphqlScope,
});

/**
 * A pathless layout route that gives its pages the session's urql client. urql and the client
 * load with the first such page: the sign-in page sits outside and never downloads them.
 */
export function graphqlRoute(children: RouteObject[]): RouteObject {
  return { lazy: loadGraphqlScope, children };
}
