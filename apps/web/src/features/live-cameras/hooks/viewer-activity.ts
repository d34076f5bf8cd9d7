/**
 * Is the viewer still there? Pointer, keyboard, touch, wheel and the page becoming visible count as
 * activity; the heartbeat reports whether there was any since the previous beat, and the server
 * stops a viewing after the location's `user_time_out` minutes without (an idle viewer).
 */
const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;
let lastActivity = 0;
let installed = false;

function mark(): void {
  if (document.visibilityState === 'visible') lastActivity = Date.now();
}

/** Starts listening (once per page); opening a camera is itself activity. */
export function trackViewerActivity(): void {
  mark();
  if (installed) return;
  installed = true;
  for (const e of EVENTS) window.addEventListener(e, mark, { passive: true, capture: true });
  document.addEventListener('visibilitychange', mark);
}

/** Was the viewer active after `since` (ms), with the page visible now? */
export function activeSince(since: number): boolean {
  return document.visibilityState === 'visible' && lastActivity > since;
}

/** Runs one task at a time, in order: the grid's tiles open their viewings one after another. */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
