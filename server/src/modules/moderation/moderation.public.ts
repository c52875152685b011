// What other modules and the app may use of moderation besides ModerationService: the operator role's
// check (docs/product.md#operators-and-reports). A page or route for operators alone mounts
// `services.moderation.gate.middleware()` (express; after the request context) or calls
// `services.moderation.gate.require(ctx)` in a service or resolver: anyone else gets a 404, as for
// something that does not exist.
export { noSuchEndpoint, OperatorGate, type OperatorLookup } from './operator-gate.js';
