import { notice, type Notice } from '@kv/server';

/** A successful mutation result: the notice triple plus its payload. */
export function done<T extends object>(message: string, payload: T = {} as T): Notice & T {
  return { ...notice(message), ...payload };
}
