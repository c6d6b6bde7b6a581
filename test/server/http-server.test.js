/**
 * The node:http server under pipelining and bursts of connections: what reaches the listener, and in what order.
 * A listener that records the requests it is handed stands in for the service's routes.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, describe, it } from 'node:test';
import { MAX_WAITING_PER_CONNECTION, createHttpServer } from '../../server/http/server.js';

/** @type {string[]} the request targets the listener was handed, in order */
const handed = [];
let clientErrors = 0;
const server = createHttpServer(
  (req, res) => {
    handed.push(req.url ?? '');
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
  it('reads the newest first, once they are all accepted', async () => {
    handed.length = 0;
    const count = 20;
    // all are connected before the server's next turn; each sends one request naming its place
    const exchanges = Array.from({ length: count }, (_, i) => exchange(get(`/${i}`), (t) => answers(t) === 1));
    await Promise.all(exchanges);
    assert.equal(handed.length, count);
    assert.ok(
      handed.indexOf(`/${count - 1}`) < handed.indexOf('/0'),
      `the last to connect is read before the first: ${handed.join(' ')}`,
    );
  });
});
