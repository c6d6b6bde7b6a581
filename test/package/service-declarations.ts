// The declarations storefront-reference-service publishes (server/types.d.ts) describe what server/index.js
// exports: `npm run typecheck` compiles this file, so the two cannot drift apart.
import * as implementation from '../../server/index.js';
import type * as declared from '../../server/types.js';

export const exportsAsDeclared: Omit<typeof declared, never> = implementation;
