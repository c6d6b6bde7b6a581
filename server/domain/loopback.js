/**
 * A loopback host name as `URL#hostname` spells it; only these may be reached over plain http.
 * @param {string} hostname
 */
export const isLoopback = (hostname) => ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
