import { expect } from '@open-wc/testing';
import { computeCodeChallenge, createPkcePair, createState } from '../../../src/auth/pkce.js';

const UNRESERVED = /^[A-Za-z0-9\-._~]+$/;

describe('pkce', () => {
  it('computes the RFC 7636 Appendix B challenge', async () => {
    expect(await computeCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).to.equal(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes a verifier of 43..128 unreserved characters with its S256 challenge', async () => {
    const pair = await createPkcePair();
    expect(pair.codeChallengeMethod).to.equal('S256');
    expect(pair.codeVerifier.length).to.be.within(43, 128);
    expect(pair.codeVerifier).to.match(UNRESERVED);
    expect(pair.codeChallenge).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.codeChallenge).to.equal(await computeCodeChallenge(pair.codeVerifier));
    expect(pair.codeChallenge).to.not.equal(pair.codeVerifier);
  });

  it('makes fresh values every time', async () => {
    const [a, b] = await Promise.all([createPkcePair(), createPkcePair()]);
    expect(a.codeVerifier).to.not.equal(b.codeVerifier);
    expect(a.codeChallenge).to.not.equal(b.codeChallenge);
  });

  it('makes fresh, unguessable states', () => {
    const a = createState();
    const b = createState();
    expect(a).to.not.equal(b);
    expect(a).to.match(UNRESERVED);
    expect(a.length).to.be.at.least(43);
  });
});
