/** The result triple every mutation answers with (spec: `status`, `message`, `color`). */
export interface Notice {
  status: boolean;
  message: string;
  color: 'success' | 'danger' | 'warning' | 'info';
}

/** A notice: success by default, `danger` when `status` is false, or the colour given. */
export function notice(message: string, status = true, color: Notice['color'] = status ? 'success' : 'danger'): Notice {
  return { status, message, color };
}
