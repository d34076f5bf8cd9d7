import { describe, expect, it, vi } from 'vitest';
import type { SessionStore } from './session-store';
import { createSubscriptionForwarder, graphqlSocketUrl } from './graphql-client';

const subscribe = vi.fn(() => () => undefined);
const createClient = vi.fn((_options: unknown) => ({ subscribe }));
vi.mock('graphql-ws', () => ({ createClient }));

const session = {
  hasSession: () => true,
  expiresWithin: () => false,
  refresh: vi.fn(async () => undefined),
  getAccessToken: () => 'tok',
} as unknown as SessionStore;

describe('subscriptions over WebSocket', () => {
  it('uses the page’s host (the server picks the centre by Host)', () => {
    expect(graphqlSocketUrl({ protocol: 'http:', host: 'demo.localhost:3000' })).toBe('ws://demo.localhost:3000/graphql');
    expect(graphqlSocketUrl({ protocol: 'https:', host: 'a.example.com' })).toBe('wss://a.example.com/graphql');
  });

  it('opens graphql-ws only on the first subscription, once, with the token in connection_init', async () => {
    const forward = createSubscriptionForwarder(session, () => 'ws://x/graphql');
    expect(createClient).not.toHaveBeenCalled();
    const sink = { next: vi.fn(), error: vi.fn(), complete: vi.fn() };
    forward({ query: 'subscription { a }', variables: {} } as never, {} as never).subscribe(sink);
    forward({ query: 'subscription { b }', variables: {} } as never, {} as never).subscribe(sink);
    await vi.waitFor(() => expect(subscribe).toHaveBeenCalledTimes(2));
    expect(createClient).toHaveBeenCalledTimes(1);
    const options = createClient.mock.calls[0]![0] as { url: string; connectionParams(): Promise<unknown> };
    expect(options.url).toBe('ws://x/graphql');
    expect(await options.connectionParams()).toEqual({ authorization: 'Bearer tok' });
  });
});
