/**
 * The reference service for one test file: started on a free port when the file loads, closed after its
 * tests. With `operatorToken`, an operator's access token (client credentials) comes with it.
 */
import { after } from 'node:test';
import { startService } from '../../server/index.js';
import { accessToken } from './service-client.js';

/** @param {Parameters<typeof startService>[0] & { operatorToken?: boolean }} [options] */
export async function startTestService({ operatorToken = false, ...options } = {}) {
  const service = await startService({ port: 0, quiet: true, ...options });
  after(() => service.close());
  const base = service.baseUrl;
  return { service, base, operator: operatorToken ? await accessToken(base, 'operator') : '' };
}
