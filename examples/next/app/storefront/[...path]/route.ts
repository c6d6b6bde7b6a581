import { sessionRoutes } from 'storefront-elements/server/next';
import { sessions } from '../../../lib/sessions';

// sign-in, callback, session, account, sign-out and the API proxy, under /storefront
export const { GET, POST } = sessionRoutes(sessions);
