/**
 * The node:http server under pipelining and bursts of connections: what reaches the listener, and in what order.
 * A listener that records the requests it is handed stands in for the service's routes.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import {
  MAX_WAITING_PER_CONNECTION,
  NEW_CONNECTIONS_READ_PER_TURN,
  createHttpServer,
} from '../../server/http/server.js';

/** @type {string[]} the request targets the listener was handed, in order */
const handed = [];
/** @type {number[]} the clients' ports of those requests */
const handedPorts = [];
let clientErrors = 0;
const server = createHttpServer(
  (req, res) => {
    handed.push(req.url ?? '');
    handedPorts.push(req.socket.remotePort ?? 0);
    res.setHeader('Content-Length', 2);
    res.end('ok');
  },
  { headersTimeoutMs: 10_000, requestTimeoutMs: 10_000 },
);
server.on('clientError', () => clientErrors++);
server.listen(0, '127.0.0.1');
await once(server, 'listening');
after(() => server.close());
const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());

/**
 * Opens a connection, writes `requests` at once, and resolves with what came back once the service closes it or
 * `enough` says so.
 * @param {string} requests
 * @param {(text: string) => boolean} [enough]
 * @returns {Promise<string>}
 */
function exchange(requests, enough = () => false) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = () => {
      socket.destroy();
      resolve(text);
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
      if (enough(text)) done();
    });
    socket.on('close', done);
    socket.on('error', () => {});
    socket.write(requests);
  });
}

const get = (/** @type {string} */ target, count = 1) => `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(count);
const answers = (/** @type {string} */ text) => text.split('HTTP/1.1 200 OK').length - 1;

describe('pipelined requests', () => {
  it(`answers up to ${MAX_WAITING_PER_CONNECTION} sent at once, each`, async () => {
    handed.length = 0;
    const text = await exchange(get('/within', MAX_WAITING_PER_CONNECTION), (t) => answers(t) === 4);
    assert.equal(answers(text), MAX_WAITING_PER_CONNECTION);
    assert.deepEqual(handed, Array(MAX_WAITING_PER_CONNECTION).fill('/within'));
  });

  it('hands none of a chunk over the bound to the listener, and closes the connection without a parse error', async () => {
    handed.length = 0;
    clientErrors = 0;
    const text = await exchange(get('/over', 2000));
    assert.equal(text, '', 'nothing answered');
    assert.deepEqual(handed, [], 'no request worked on, not even the first four');
    assert.equal(clientErrors, 0);
    // the server still answers others
    assert.equal(answers(await exchange(get('/after'), (t) => answers(t) === 1)), 1);
  });
});

describe('connections arriving together', () => {
  it('reads the newest first, once they are all accepted', { timeout: 20_000 }, async () => {
    handed.length = handedPorts.length = 0;
    /** @type {number[]} the clients' ports, in the order the server accepted them */
    const accepted = [];
    const onConnection = (/** @type {import('node:net').Socket} */ socket) => accepted.push(socket.remotePort ?? 0);
    server.on('connection', onConnection);
    const count = 20;
    // The clients connect from a thread of their own while this one, the server's, waits: all are in the kernel's
    // queue before the server's next turn, however busy the machine (from this thread, the server could take the
    // first before the others had connected, and rightly read it alone).
    const ready = new Int32Array(new SharedArrayBuffer(4));
    const clients = new Worker(
      `const { workerData: { port, count, ready } } = require('node:worker_threads');
      const { connect } = require('node:net');
      let sent = 0;
      for (let i = 0; i < count; i++) {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET /' + i + ' HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n', () => {
            if (++sent === count) Atomics.store(ready, 0, 1), Atomics.notify(ready, 0);
          }),
        );
        socket.on('data', () => socket.destroy());
      }`,
      { eval: true, workerData: { port, count, ready } },
    );
    try {
      assert.equal(Atomics.wait(ready, 0, 0, 10_000), 'ok', 'the clients did not all connect');
      while (handed.length < count) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      server.off('connection', onConnection);
      await clients.terminate();
    }
    assert.equal(accepted.length, count);
    // a turn's reads reach the listener in the order the system hands them over: compared as a set
    const batch = NEW_CONNECTIONS_READ_PER_TURN;
    assert.deepEqual(
      new Set(handedPorts.slice(0, batch)),
      new Set(accepted.slice(-batch)),
      `the newest ${batch} accepted are read first: ${handed.join(' ')}`,
    );
    assert.ok(handedPorts.indexOf(accepted[count - 1]) < handedPorts.indexOf(accepted[0]), handed.join(' '));
  });
});
