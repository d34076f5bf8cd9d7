import http from 'node:http';
import net from 'node:net';
import type { RequestMeter } from '@kv/control-plane';

interface Connection {
  /** Requests answered on it so far (0: just accepted, its first request may be on its way). */
  served: number;
  busy: boolean;
}

export interface Drainable {
  /** Wraps the server's request handler: counts the request and, while draining, ends its connection with it. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void;
  /**
   * Stops taking connections, closes idle keep-alive connections at once, answers every request
   * still running or arriving on an open connection with `Connection: close`, waits up to
   * `graceMs` for requests in flight (and for connections accepted just before that have not sent
   * theirs yet), then closes what is left. Resolves with the number of requests cut.
   */
  drain(graceMs: number): Promise<number>;
}

/**
 * What a server needs to stop without dropping a request. Node's own `server.close()` (19+) and
 * `closeIdleConnections()` also destroy connections accepted a moment ago whose first request is
 * still on its way (the client sees "socket hang up" on a fresh connection, which no client sends
 * again); here only connections that have answered a request and wait idle are closed at once.
 */
export function drainable(server: http.Server, meter: RequestMeter): Drainable {
  const connections = new Map<net.Socket, Connection>();
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  server.on('connection', (socket: net.Socket) => {
    connections.set(socket, { served: 0, busy: false });
    socket.once('close', () => connections.delete(socket));
  });
  // An upgraded connection (a GraphQL subscription) is the app's from then on: it ends when the process stops.
  server.on('upgrade', (req: http.IncomingMessage) => connections.delete(req.socket));
  const closeKeptAlive = () => {
    for (const [socket, c] of connections) if (!c.busy && c.served > 0) socket.destroy();
  };
  const waiting = () => meter.inFlight > 0 || [...connections.values()].some((c) => c.served === 0);

  return {
    handle(req, res, next) {
      const connection = connections.get(req.socket);
      if (connection) connection.busy = true;
      meter.inFlight++;
      inFlight.add(res);
      res.once('close', () => {
        inFlight.delete(res);
        meter.inFlight--;
        meter.served++;
        if (connection) {
          connection.busy = false;
          connection.served++;
        }
      });
      // Closing a keep-alive connection right after its response would race the client's next
      // request on it: while draining, the response itself tells the client this connection ends.
      if (draining) res.setHeader('connection', 'close');
      next();
    },

    async drain(graceMs) {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      // Stop listening only (net's close: http's would also destroy just-accepted connections).
      const closed = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
      closeKeptAlive();
      for (let waited = 0; waiting() && waited < graceMs; waited += 50) await new Promise((r) => setTimeout(r, 50));
      const cut = meter.inFlight;
      server.closeAllConnections();
      await closed;
      return cut;
    },
  };
}
