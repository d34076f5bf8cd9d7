/**
 * The funnel's steps in this tab (sessionStorage: gone with the tab, never shared with another):
 * the chosen plan, the PIN's name, the setup token, and the owner's one-time link per token.
 */
const KEY = 'kv:signup';

export interface FunnelState {
  planId?: string;
  planName?: string;
  pinTime?: string;
  email?: string;
  token?: string;
  /** The one-time sign-in link saveCenterSetup answered, by setup token. */
  links?: Record<string, string>;
}

export function readFunnel(): FunnelState {
  try {
    return JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}') as FunnelState;
  } catch {
    return {};
  }
}

export function writeFunnel(patch: Partial<FunnelState>): FunnelState {
  const next = { ...readFunnel(), ...patch };
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode without storage: each step still carries what the next needs in its URL.
  }
  return next;
}
