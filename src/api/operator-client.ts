import { StorefrontClient } from './client.js';

/**
 * The client of the store operator's endpoints: account members, account memberships and unassigned members,
 * read with an operator token. Operator elements construct this one, so that the shopper bundle, which builds
 * only `StorefrontClient`, need not carry those endpoints and the filter/sort query builder.
 *
 * For now the operator endpoints are still inherited from `StorefrontClient`; they move here once every
 * operator element builds an `OperatorClient` (the methods keep their names and signatures).
 */
export class OperatorClient extends StorefrontClient {}
