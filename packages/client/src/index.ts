export { createApiClient, type ApiClient, type ApiClientOptions } from './client.ts';
export { connect, type ConnectAnswer, type ConnectOptions, type Scope, type ShownCode, type TokenAnswer } from './connect.ts';
export { editVersioned, type EditVersionedOptions, type Versioned } from './edit-versioned.ts';
export { ApiError, isUnknownOutcome, unwrap, type ErrorBody } from './errors.ts';
export { IDEMPOTENT_CREATES, idempotentCreates, isIdempotentCreate, type IdempotentCreatesOptions } from './idempotent-creates.ts';
export type { components, operations, paths } from './schema.d.ts';
