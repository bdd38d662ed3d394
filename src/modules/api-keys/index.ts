/**
 * API keys (docs/access.md#api-keys): made, listed and revoked through the API (routes.ts) and
 * by the command line and start-up (provisioning.ts). Found on each request by core/auth.ts.
 */
export { apiKeys, toApiKeyObject, type ApiKeyObject, type NewApiKeyObject } from './service.js';
export { ApiKey } from './schemas.js';
export { createKeyAsSystem, deleteApiKey, insertApiKey, revokeKeysOf, listKeys, revokeKey, revokeKeyAsSystem, type KeyInfo } from './provisioning.js';
