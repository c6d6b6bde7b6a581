import { StorefrontClient } from './client.js';
import { OperatorEndpointsClient } from './operator-endpoints.js';
import type { ServiceClient } from './service-client.js';

/** The operator's endpoints, by name (OperatorEndpointsClient's own methods). */
type OperatorEndpoints = Omit<OperatorEndpointsClient, keyof ServiceClient>;

/**
 * The client of the store operator: the operator's endpoints (account members, account memberships, unassigned
 * members) beside every endpoint of StorefrontClient, for an operator token reads the catalogs too.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface OperatorClient extends OperatorEndpoints {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class OperatorClient extends StorefrontClient {}

// The operator's endpoints are written once, in OperatorEndpointsClient, whose base StorefrontClient shares; the
// operator elements' bundle takes that class alone, without this module.
for (const name of Object.getOwnPropertyNames(OperatorEndpointsClient.prototype)) {
  if (name == 'constructor') continue;
  Object.defineProperty(
    OperatorClient.prototype,
    name,
    Object.getOwnPropertyDescriptor(OperatorEndpointsClient.prototype, name)!,
  );
}
