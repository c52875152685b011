import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** The longest a closing connection goes on reading (and throwing away) what its client still sends. */
export const LINGER_MS = 2000;
/** How long a closing connection waits for more from its client before it closes. */
export const LINGER_IDLE_MS = 500;

const lingering = new WeakSet<Socket>();

/**
 * Closes a connection whose last answer has been written, without losing that answer (as web servers
 * do: Apache's lingering close, nginx's lingering_close). Destroying a socket whose client is still
 * sending (a refused upload's rest) makes the kernel answer with a reset, and a client that had not
 * read the answer yet loses it: its kernel drops what it had not read, and it sees ECONNRESET or EPIPE.
 * So the server half-closes (its FIN follows the answer), keeps reading and throwing away whatever the
 * client still sends, and closes once the client has closed its side too, or nothing came for
 * LINGER_IDLE_MS, or after LINGER_MS at most. Nothing read meanwhile is parsed: a request that follows
 * on the connection is never run.
 */
export function lingeringClose(socket: Socket): void {
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  let seen = socket.bytesRead;
  const close = () => {
    clearTimeout(total);
    clearTimeout(idle);
    socket.destroy();
  };
  const total = setTimeout(close, LINGER_MS);
  // Whether anything came is judged after the loop's next poll: a loop busy for longer than the idle
  // time runs its timers before it reads what arrived meanwhile.
  const idle = setTimeout(
    () =>
      setImmediate(() => {
        if (socket.bytesRead === seen) return close();
        seen = socket.bytesRead;
        idle.refresh();
      }),
    LINGER_IDLE_MS,
  );
  total.unref();
  idle.unref();
  const discard = () => {};
  // A 'data' listener takes the bytes from node's HTTP parser (it stops consuming the socket); with the
  // server's own listener gone, nothing more reaches the parser.
  socket.on('data', discard);
  for (const listener of socket.listeners('data')) if (listener !== discard) socket.off('data', listener as (...args: unknown[]) => void);
  readAgain(socket);
  socket.once('end', () => (socket.writableFinished ? close() : socket.once('finish', close)));
  socket.once('close', () => {
    clearTimeout(total);
    clearTimeout(idle);
  });
  if (socket.writable) socket.end();
}

/** The part of a socket that node's HTTP server starts and stops reading (net.Socket's `_handle`). */
type ReadingHandle = { reading?: boolean; readStart?: () => number };

/**
 * Makes the socket read again. A request body that was not being read (paused, or read no further
 * once over a limit) paused it; node's HTTP server, while its parser consumes the socket, stops and
 * starts the reading itself (lib/_http_server.js, onSocketPause and onSocketResume), and once the parser
 * no longer consumes it, resuming the stream does not restart what it stopped: so it is restarted here
 * as onSocketResume does.
 */
function readAgain(socket: Socket): void {
  socket.resume();
  const handle = (socket as unknown as { _handle?: ReadingHandle | null })._handle;
  if (handle && !handle.reading && typeof handle.readStart === 'function') {
    handle.reading = true;
    handle.readStart();
  }
}

/**
 * Node closes a connection after an answer that says `Connection: close` by `socket.destroySoon()`
 * (end, then destroy once the end is written; lib/_http_server.js, resOnFinish): for every connection
 * of `server`, that becomes a lingering close.
 */
export function lingerBeforeClosing(server: Server): void {
  server.on('connection', (socket: Socket) => {
    socket.destroySoon = () => lingeringClose(socket);
  });
}
