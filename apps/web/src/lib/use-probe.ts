import { useEffect, useState } from 'react';
import { useClient } from 'urql';
import type { Client } from '@urql/core';

export type ProbeState<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed' };

/** Runs an async read against the current GraphQL client; re-runs when `deps` change. */
export function useProbe<T>(run: (client: Client) => Promise<T>, deps: readonly unknown[]): ProbeState<T> {
  const client = useClient();
  const [state, setState] = useState<ProbeState<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    run(client).then(
      (value) => live && setState({ status: 'done', value }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [client, ...deps]);
  return state;
}
