import net from 'node:net';
import { RuntimeRejectedError, RuntimeUnavailableError } from '../../driver';
import { ENGINE_API_VERSION } from './engine-client';

/**
 * Starts an exec and takes over its connection (the Engine API's "hijack"): after the answer's
 * headers, the socket carries the TTY's bytes both ways. node:http cannot write a request body
 * after the headers' answer, so the request is written by hand on a raw socket; Docker answers
 * `101 UPGRADED`, Podman `200 OK`, and both then hand the connection over.
 *
 * The TTY's first size goes with the start: Podman sets it before the process runs (`h`, `w`),
 * whereas a resize sent just after the start can reach Podman before the session runs, and is
 * then refused, leaving a terminal of 0 rows (`stty size` fails). Docker ignores these fields at
 * this API version, and its resize waits for the start instead.
 */
export function startHijackedExec(
  socketPath: string,
  execId: string,
  size: { cols: number; rows: number },
  timeoutMs = 15_000,
): Promise<{ socket: net.Socket; head: Buffer }> {
  const body = JSON.stringify({ Detach: false, Tty: true, h: size.rows, w: size.cols });
  const request =
    `POST /${ENGINE_API_VERSION}/exec/${execId}/start HTTP/1.1\r\n` +
    'Host: docker\r\nContent-Type: application/json\r\n' +
    'Connection: Upgrade\r\nUpgrade: tcp\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = Buffer.alloc(0);
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    const timer = setTimeout(
      () => fail(new RuntimeUnavailableError(`exec start: no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('error', (err) => {
      clearTimeout(timer);
      fail(
        new RuntimeUnavailableError(`container engine unreachable (exec start): ${err.message}`),
      );
    });
    socket.on('connect', () => socket.write(request));
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      clearTimeout(timer);
      socket.off('data', onData);
      socket.removeAllListeners('error');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(received.toString('latin1'))?.[1]);
      const head = received.subarray(end + 4);
      if (status === 101 || status === 200) {
        socket.pause();
        resolve({ socket, head });
        return;
      }
      fail(
        new RuntimeRejectedError(`exec start ${status}: ${head.toString('utf8').slice(0, 300)}`),
      );
    };
    socket.on('data', onData);
  });
}
