import { connect } from 'node:net';

export interface WholeAnswer {
  /** The status line's code, or null when no answer came. */
  status: number | null;
  /** The answer's header block (status line included), as sent. */
  head: string;
  /** The answer's body as text. */
  body: string;
  /** The connection's error (ECONNRESET, EPIPE), if it had one. */
  error: string | null;
  /** The server ended the connection cleanly (its FIN came after the answer). */
  ended: boolean;
}

/**
 * One request over a raw socket to `url` from a client that reads nothing (not even into node's buffer)
 * until it has written its whole body, as a simple client does, then reads until the server closes. A
 * server that refuses the body early and then resets the connection makes the client's kernel throw away
 * the answer it had not read: such a client sees only ECONNRESET or EPIPE.
 */
export function sendAllThenRead(url: string, head: string, body: Buffer): Promise<WholeAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.pause();
    const chunks: Buffer[] = [];
    let error: string | null = null;
    let ended = false;
    socket.on('error', (err: NodeJS.ErrnoException) => (error ??= err.code ?? err.message));
    socket.on('end', () => (ended = true));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      resolve({
        status: status ? Number(status[1]) : null,
        head: split < 0 ? text : text.slice(0, split),
        body: split < 0 ? '' : text.slice(split + 4),
        error,
        ended,
      });
    });
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body, (err) => {
        if (err) return; // reported by 'error', then 'close'
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.resume();
      });
    });
  });
}
