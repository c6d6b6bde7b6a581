/**
 * Requests sent from another loopback address (127.0.0.2, 127.0.0.3, …), so that a test can play several
 * clients: the service tells clients apart by their address. Linux routes all of 127/8 to the loopback.
 */
import { request } from 'node:http';

export const canUseOtherLoopbackAddresses = process.platform === 'linux';

/**
 * A GET from `localAddress`; resolves with the status, headers and body text (redirects are not followed).
 * @param {string} localAddress
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string }>}
 */
export function getFrom(localAddress, url, headers = {}) {
  return sendFrom(localAddress, 'GET', url, headers);
}

/**
 * @param {string} localAddress
 * @param {string} method
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @param {string} [body]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string }>}
 */
export function sendFrom(localAddress, method, url, headers = {}, body) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        localAddress,
        headers: { host: target.host, ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: /** @type {number} */ (res.statusCode), headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
