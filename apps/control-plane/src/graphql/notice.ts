import type { NoticeColor } from '@kv/shared';

export interface Notice {
  status: boolean;
  message: string;
  color: NoticeColor;
}

/** A successful mutation result: the notice triple plus its payload. */
export function done<T extends object>(message: string, payload: T = {} as T): Notice & T {
  return { status: true, message, color: 'success', ...payload };
}
