/**
 * The reference service that web-test-runner starts for browser tests (see web-test-runner.config.mjs), and
 * small helpers to get tokens and name fixture records.
 */
import { executeServerCommand } from '@web/test-runner-commands';

declare global {
  interface Window {
    /** Set by web-test-runner.config.mjs: where the reference service of this run listens. */
    __STOREFRONT_TEST_SERVICE__?: string;
  }
}

export const SERVICE_URL = window.__STOREFRONT_TEST_SERVICE__ || 'http://127.0.0.1:8790';
export const SERVICE_PORT = Number(new URL(SERVICE_URL).port);

/** Store clients of the fixture data. */
export const STOREFRONT_CLIENT_ID = 'storefront';
export const OPERATOR_CLIENT = { clientId: 'admin', clientSecret: 'admin-secret' } as const;

async function accessToken(form: Record<string, string>): Promise<string> {
  const response = await fetch(`${SERVICE_URL}/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept': 'application/json' },
    body: new URLSearchParams(form),
  });
  if (!response.ok) throw new Error(`access token request failed: HTTP ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** An operator token (client credentials of `admin`): reads everything. */
export function operatorToken(): Promise<string> {
  return accessToken({
    grant_type: 'client_credentials',
    client_id: OPERATOR_CLIENT.clientId,
    client_secret: OPERATOR_CLIENT.clientSecret,
  });
}

/** An implicit token of the `storefront` client: reads settings, profiles and catalogs. */
export function implicitToken(clientId: string = STOREFRONT_CLIENT_ID): Promise<string> {
  return accessToken({ grant_type: 'implicit', client_id: clientId });
}

/** Puts the service's data back to the fixtures (after a test that changes it). */
export async function resetService(): Promise<void> {
  await executeServerCommand('reset-service');
}

/**
 * The stable UUID the fixtures give a label (`account:analytical`, `member:ada`, `catalog:essentials`, ...):
 * SHA-1 of `storefront-elements:<label>` laid out as a version 5 UUID, as test/support/fixtures.js computes it.
 */
export async function fixtureId(label: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(`storefront-elements:${label}`));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Ids of the fixture accounts. */
export const FIXTURE_ACCOUNTS = {
  analytical: 'account:analytical',
  harvard: 'account:harvard',
  cobol: 'account:cobol',
  empty: 'account:empty',
} as const;
