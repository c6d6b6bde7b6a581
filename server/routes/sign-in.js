/**
 * The pages of a sign-in, which a person's browser opens rather than a script: the service's sign-in leg
 * (`/oidc/…`, see ../idp/sign-in.js) and the embedded identity provider's login form (`/idp/interaction/…`).
 * Errors before the browser can be sent back are shown as a page (or the envelope to a non-browser).
 */
import { FORM_BODY } from '../http/util.js';

/** @type {import('../http/app.js').Route[]} */
export const signInRoutes = [
  {
    method: 'GET',
    path: '/oidc/authorize',
    page: 'Sign-in refused',
    handler: (ctx) => ctx.service.signIn.authorize(ctx),
  },
  {
    method: 'GET',
    path: '/oidc/callback',
    page: 'Sign-in refused',
    handler: (ctx) => ctx.service.signIn.callback(ctx),
  },
  {
    method: 'GET',
    path: '/idp/interaction/:uid',
    page: 'Sign-in error',
    handler: (ctx) => ctx.service.idp.showInteraction(ctx),
  },
  {
    method: 'POST',
    path: '/idp/interaction/:uid/login',
    body: FORM_BODY,
    page: 'Sign-in error',
    handler: (ctx) => ctx.service.idp.submitLogin(ctx),
  },
];
