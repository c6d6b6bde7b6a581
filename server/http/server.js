/**
 * The node:http server of the service: bounded waits for slow clients, bounded work per connection, new connections
 * read newest first after a burst, and the error envelope with its real status on the answers node's parser gives
 * before any route runs (an unknown method, headers too large, a request that takes too long, CONNECT, an unmet
 * Expect).
 */
import { createServer, maxHeaderSize } from 'node:http';
import { envelopeText, titleOf } from './errors.js';

/**
 * @typedef {{ headersTimeoutMs: number, requestTimeoutMs: number }} Timeouts how long a client may take
 *   to send its headers, and its whole request
 */

/** Keep-alive connections are closed after this long without a request. */
const KEEP_ALIVE_MS = 5000;
/** A connection that moves no data for this long is closed (a client that stopped reading its answer). */
const IDLE_SOCKET_MS = 60_000;
/**
 * Requests one connection may have waiting for their answers (HTTP/1.1 pipelining). A client that sends more
 * before reading the answers is closed, and the requests it sent on are never worked on: otherwise one
 * connection could queue thousands of requests in one write and hold the event loop while never reading.
 */
export const MAX_WAITING_PER_CONNECTION = 4;
/** Requests answered on one connection; the last one's answer closes it (a new one is cheap). */
export const MAX_REQUESTS_PER_CONNECTION = 1000;
/** New connections read in one turn of the event loop (see {@link readNewestFirst}). */
export const NEW_CONNECTIONS_READ_PER_TURN = 4;
/** New connections left unread while more keep arriving; past this, the oldest is read (as node's own backlog). */
export const MAX_UNREAD_CONNECTIONS = 511;
/**
 * How long a new connection is left unread while more keep arriving: with one arriving in every turn (a busy
 * service near its capacity), the oldest is read once it has waited this long, so a steady stream of connections
 * never waits for the count above.
 */
export const MAX_UNREAD_MS = 250;

/** @type {Record<string, [number, string]>} */
const PARSER_ERRORS = {
  HPE_INVALID_METHOD: [501, 'The request method is not one this service knows'],
  HPE_HEADER_OVERFLOW: [431, `The request line and headers may be at most ${maxHeaderSize} bytes`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The chunk extensions of the body are too large'],
};

/**
 * Writes an envelope straight to a socket that has no response object (the request never got that far)
 * and closes it.
 * @param {import('node:stream').Duplex} socket
 * @param {number} status
 * @param {string} detail
 */
function answerRaw(socket, status, detail) {
  const body = envelopeText(status, detail);
  socket.end(
    `HTTP/1.1 ${status} ${titleOf(status)}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Access-Control-Allow-Origin: *\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * Closes a connection at once, and stops node's parser in the data it already read: a client can send thousands of
 * requests in one write, and node would parse each one and make a request and a response object for it before the
 * connection is gone. Node's parser hands each request's headers to its `onIncoming`, whose answer llhttp takes as
 * the answer of its `on_headers_complete`: 2 means "no body, and stop here as for a protocol upgrade", which ends
 * the parsing there without an error (-1 would too, but node then copies the whole chunk read, 64 kB, into an error
 * for `clientError`). The requests still waiting are ended without an error for the same reason: node ends them with
 * one each, and formats its stack trace. (Where node has no such parser, the requests left are dropped by the
 * listener instead, one by one.)
 * @param {import('node:net').Socket} socket
 * @param {Iterable<import('node:http').IncomingMessage>} waiting
 */
function stopReading(socket, waiting) {
  const parser = /** @type {{ parser?: { onIncoming?: unknown } }} */ (/** @type {unknown} */ (socket)).parser;
  if (parser && typeof parser.onIncoming === 'function') parser.onIncoming = () => 2;
  socket.destroy();
  for (const req of waiting) req.destroy();
}

/**
 * The listener, behind the bounds per connection: a request over them is not handed on, and its connection is
 * closed. Node parses all the requests of a chunk read before the microtasks they queue run, so each request starts
 * in a microtask: when a later request of the same chunk is over the bounds, none of them is worked on.
 * @param {import('node:http').RequestListener} listener
 * @returns {import('node:http').RequestListener}
 */
function boundedPerConnection(listener) {
  /** @typedef {{ received: number, waiting: Set<import('node:http').IncomingMessage> }} Counts */
  /** @type {WeakMap<import('node:net').Socket, Counts>} */
  const connections = new WeakMap();
  return (req, res) => {
    const socket = req.socket;
    if (socket.destroyed) return;
    let counts = connections.get(socket);
    if (!counts) connections.set(socket, (counts = { received: 0, waiting: new Set() }));
    const { waiting } = counts;
    counts.received++;
    waiting.add(req);
    if (waiting.size > MAX_WAITING_PER_CONNECTION || counts.received > MAX_REQUESTS_PER_CONNECTION) {
      stopReading(socket, waiting);
      return;
    }
    res.once('close', () => waiting.delete(req));
    if (counts.received === MAX_REQUESTS_PER_CONNECTION) res.setHeader('Connection', 'close');
    queueMicrotask(() => {
      if (!socket.destroyed) listener(req, res);
    });
  };
}

/**
 * Reads new connections once the ones arriving together are all accepted, the newest first. Node accepts one
 * connection per turn of its event loop and reads it in the next, so 200 connections arriving together each cost a
 * turn with a read, a parse and an answer, and a client connecting just after them waits for all 200 turns in the
 * kernel's queue. Here a new connection is paused when accepted (cheap), and read in a turn that accepted none: up
 * to {@link NEW_CONNECTIONS_READ_PER_TURN} of them, the newest first, since a client that connected last has waited
 * least and a burst is best served after it. While connections keep arriving, the oldest is read once it has waited
 * {@link MAX_UNREAD_MS} or more than {@link MAX_UNREAD_CONNECTIONS} wait, so none waits for long. Connections
 * already read are served every turn.
 * @param {import('node:net').Server} server
 */
function readNewestFirst(server) {
  // a documented option of net.Server that node:http does not pass on: a connection is read once resumed
  /** @type {import('node:net').Server & { pauseOnConnect: boolean }} */ (server).pauseOnConnect = true;
  /** the connections not read yet, in the order they were accepted, each with when (performance.now()) */
  /** @type {{ socket: import('node:net').Socket, acceptedAt: number }[]} */
  let unread = [];
  let oldest = 0;
  let arrived = false;
  let scheduled = false;
  const waiting = () => unread.length - oldest;
  const read = (/** @type {{ socket: import('node:net').Socket }} */ { socket }) => {
    if (!socket.destroyed) socket.resume();
  };
  const turn = () => {
    scheduled = false;
    if (arrived) {
      const late = performance.now() - MAX_UNREAD_MS;
      while (waiting() > MAX_UNREAD_CONNECTIONS || (waiting() > 0 && unread[oldest].acceptedAt < late)) {
        read(unread[oldest++]);
      }
    } else {
      const newest = unread.splice(Math.max(oldest, unread.length - NEW_CONNECTIONS_READ_PER_TURN));
      newest.reverse().forEach(read);
    }
    arrived = false;
    // the ones read from the front are dropped once they are half the array
    if (oldest * 2 >= unread.length) {
      unread = unread.slice(oldest);
      oldest = 0;
    }
    if (waiting() > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };
  server.on('connection', (/** @type {import('node:net').Socket} */ socket) => {
    unread.push({ socket, acceptedAt: performance.now() });
    arrived = true;
    schedule();
  });
}

/**
 * @param {import('node:http').RequestListener} listener
 * @param {Timeouts} timeouts
 */
export function createHttpServer(listener, { headersTimeoutMs, requestTimeoutMs }) {
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: KEEP_ALIVE_MS,
      // how often node looks for connections past those limits
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeoutMs / 4))),
    },
    boundedPerConnection(listener),
  );
  server.setTimeout(IDLE_SOCKET_MS, (socket) => socket.destroy());
  readNewestFirst(server);

  server.on('clientError', (error, socket) => {
    const inProgress = /** @type {{ _httpMessage?: { headersSent?: boolean } }} */ (socket)._httpMessage;
    const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? '';
    if (!socket.writable || inProgress?.headersSent || code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [status, detail] = PARSER_ERRORS[code] ?? [400, 'The request could not be read'];
    answerRaw(socket, status, detail);
  });
  // a proxy tunnel is not something this service offers
  server.on('connect', (_req, socket) => answerRaw(socket, 405, 'CONNECT is not supported'));
  server.on('checkExpectation', (req, res) => {
    const body = envelopeText(417, `Expect: ${req.headers.expect} is not supported; only 100-continue is`);
    res.writeHead(417, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'Access-Control-Allow-Origin': '*',
      'Connection': 'close',
    });
    res.end(body);
  });
  return server;
}
