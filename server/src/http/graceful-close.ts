import { Server as NetServer, type Socket } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** How long the listening socket may go on taking the connections already waiting for it (see stopListening). */
const LISTEN_DRAIN_MAX_MS = 1000;
/** How long no new connection must arrive before the listening socket closes (see stopListening). */
const LISTEN_QUIET_MS = 25;

/** What the drain knows of one connection. */
interface Connection {
  /** Requests taken and not yet answered (node answers a connection's requests one at a time). */
  answering: Set<ServerResponse>;
  /** Upgraded to a WebSocket: the socket server closes it (with 1001), not the HTTP drain. */
  upgraded: boolean;
  /** Bytes read when its last answer finished: more since means a next request is arriving. */
  readAtIdle: number;
  /** When it was last seen idle while draining (0: not idle or not draining). */
  idleSince: number;
}

export interface GracefulCloseOptions {
  /**
   * How long a connection with nothing on it is kept once the drain started: a client that connected
   * just before the listener closed may not have sent (or node not yet read) its request. It is
   * answered if it comes in time, the connection closed afterwards.
   */
  idleGraceMs?: number;
  /** How often the drain looks at its connections. */
  tickMs?: number;
}

/**
 * Graceful close of an HTTP server, in the order a client can live with:
 * 1. `stopListening()`: the listening socket closes as soon as the connections already waiting for it
 *    are taken (then a new connection is refused, and goes to another process), without touching the
 *    connections accepted (node's own `server.close()` also drops every connection without a request in
 *    progress, including one accepted a moment ago whose request is still on its way: a reset);
 * 2. `drained()`: every request taken is answered, with `Connection: close` when its answer has not
 *    started yet (so is every request still arriving on an accepted connection); a connection is
 *    closed once it has stayed idle for `idleGraceMs`; WebSockets are left to their server;
 * 3. at the deadline, whatever is left is destroyed.
 */
export class GracefulClose {
  private readonly connections = new Map<Socket, Connection>();
  private draining = false;
  private listenerClosed: Promise<void> | null = null;
  /** Connections accepted so far, and when the last one was. */
  private accepted = 0;
  private lastAcceptedAt = 0;
  private readonly idleGraceMs: number;
  private readonly tickMs: number;

  constructor(
    private readonly server: Server,
    opts: GracefulCloseOptions = {},
  ) {
    this.idleGraceMs = opts.idleGraceMs ?? 1000;
    this.tickMs = opts.tickMs ?? 50;
    server.on('connection', (socket: Socket) => {
      this.accepted++;
      this.lastAcceptedAt = Date.now();
      this.connections.set(socket, { answering: new Set(), upgraded: false, readAtIdle: 0, idleSince: 0 });
      socket.once('close', () => this.connections.delete(socket));
    });
    // Before the app's handler, so a request taken while draining is answered with Connection: close.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const conn = this.connections.get(req.socket);
      if (!conn) return;
      conn.answering.add(res);
      conn.idleSince = 0;
      if (this.draining) res.shouldKeepAlive = false;
      res.once('close', () => {
        conn.answering.delete(res);
        conn.readAtIdle = req.socket.bytesRead;
      });
    });
    server.on('upgrade', (req: IncomingMessage) => {
      const conn = this.connections.get(req.socket);
      if (conn) conn.upgraded = true;
    });
  }

  /**
   * Closes the listening socket (new connections are refused) once the connections waiting in the
   * kernel's accept queue are taken; accepted connections stay as they are. Resolves once it is closed.
   */
  stopListening(): Promise<void> {
    if (this.listenerClosed) return this.listenerClosed;
    this.draining = true;
    // Answers not started yet say the connection closes after them.
    for (const conn of this.connections.values()) for (const res of conn.answering) if (!res.headersSent) res.shouldKeepAlive = false;
    this.listenerClosed = new Promise((resolve) => {
      // Closing the listening socket resets every connection the kernel completed but node has not yet
      // accepted, and a busy event loop leaves them waiting (250 ms of them at the signal in a test; libuv
      // accepts one per turn of the loop). So the loop turns, each turn polling afresh, until a turn accepted
      // nothing and no connection came for LISTEN_QUIET_MS (clients still arriving, a few ms apart, are taken
      // rather than reset by a close that falls between two of them); then the socket is closed (net.Server's
      // close: http's own would also drop every accepted connection that has no request in progress).
      // A steady stream of new connections would keep it open: LISTEN_DRAIN_MAX_MS at most.
      const until = Date.now() + LISTEN_DRAIN_MAX_MS;
      const closeWhenQuiet = (seen: number | null) =>
        setImmediate(() => {
          const now = Date.now();
          if (now < until) {
            if (this.accepted !== seen) return closeWhenQuiet(this.accepted);
            if (now - this.lastAcceptedAt < LISTEN_QUIET_MS) return void setTimeout(() => closeWhenQuiet(this.accepted), 1);
          }
          if (this.server.listening) NetServer.prototype.close.call(this.server);
          resolve();
        });
      // The first turn's poll may have come before the signal's (the same callback can deliver both).
      closeWhenQuiet(null);
    });
    return this.listenerClosed;
  }

  /**
   * Resolves once every HTTP connection (not the WebSockets) is closed: each taken request answered,
   * each idle connection closed after its grace. At `deadlineMs`, destroys the rest and resolves with
   * how many it destroyed.
   */
  async drained(deadlineMs: number): Promise<number> {
    const end = Date.now() + deadlineMs;
    await this.stopListening();
    return new Promise((resolve) => {
      const tick = () => {
        const now = Date.now();
        const open = [...this.connections].filter(([, c]) => !c.upgraded);
        if (!open.length) return resolve(0);
        if (now >= end) {
          for (const [socket] of open) socket.destroy();
          return resolve(open.length);
        }
        for (const [socket, conn] of open) {
          const idle = conn.answering.size === 0 && socket.bytesRead === conn.readAtIdle;
          if (!idle) conn.idleSince = 0;
          else if (!conn.idleSince) conn.idleSince = now;
          else if (now - conn.idleSince >= this.idleGraceMs) socket.end();
        }
        setTimeout(tick, this.tickMs);
      };
      tick();
    });
  }

  /** After the drain: node's own close, which stops its timeout checks (every connection is gone by now). */
  finish(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
