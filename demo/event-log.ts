/** Shows each event's name and detail as the page sees it; tokens are shortened so the log stays readable. */
export function startEventLog(list: HTMLOListElement, clear: HTMLButtonElement, eventNames: string[]): void {
  for (const name of eventNames) {
    document.addEventListener(name, (event) => {
      const item = document.createElement('li');
      const title = document.createElement('strong');
      title.textContent = name;
      const detail = document.createElement('pre');
      detail.textContent = JSON.stringify(describe((event as CustomEvent).detail), shortenTokens, 2);
      item.append(title, detail);
      list.prepend(item);
    });
  }
  clear.addEventListener('click', () => list.replaceChildren());
}

function describe(detail: unknown): unknown {
  if (detail && typeof detail === 'object' && 'error' in detail && detail.error instanceof Error) {
    const error = detail.error as Error & { code?: string; status?: number };
    return { error: { name: error.name, code: error.code, status: error.status, message: error.message } };
  }
  return detail;
}

function shortenTokens(key: string, value: unknown): unknown {
  if ((key === 'token' || key === 'access_token') && typeof value === 'string' && value.length > 16) {
    return `${value.slice(0, 8)}…${value.slice(-6)}`;
  }
  return value;
}
