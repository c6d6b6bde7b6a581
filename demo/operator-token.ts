// DEVELOPMENT ONLY: the operator pages' token, from the demo server (the stand-in for the store's back end, see
// dev-api.js), which performs the client-credentials grant so the client secret never reaches the browser.

interface CachedToken {
  token: Promise<string>;
  renewAt: number;
}
let cached: CachedToken | undefined;

/** Asks the demo server (the stand-in for the store's back end) for an operator token, reused until near expiry. */
export function operatorToken(): Promise<string> {
  if (!cached || cached.renewAt <= Date.now()) {
    const entry: CachedToken = { renewAt: Number.POSITIVE_INFINITY, token: Promise.resolve('') };
    entry.token = requestOperatorToken(entry);
    entry.token.catch(() => {
      if (cached === entry) cached = undefined;
    });
    cached = entry;
  }
  return cached.token;
}

async function requestOperatorToken(entry: CachedToken): Promise<string> {
  const answer = await fetch('/demo-api/operator-token', { method: 'POST' });
  if (!answer.ok) throw new Error(`The demo server could not get an operator token (HTTP ${answer.status}).`);
  const body = (await answer.json()) as { access_token: string; expires_in: number };
  entry.renewAt = Date.now() + (body.expires_in - 30) * 1000;
  return body.access_token;
}

/** The store's accounts: the interface names no account listing; the reference service offers one to operators. */
export async function operatorAccounts(baseUrl: string): Promise<{ id: string; name: string }[]> {
  const answer = await fetch(`${baseUrl}/v2/accounts?page[limit]=100`, {
    headers: { Authorization: `Bearer ${await operatorToken()}`, Accept: 'application/json' },
  });
  return answer.ok ? ((await answer.json()) as { data: { id: string; name: string }[] }).data : [];
}
