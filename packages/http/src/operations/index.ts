export { defineOperation, answer, isAnswer, createdStatus, countsCallerWrites, impliedErrors, isOpen, routerPath, type Operation, type OperationRateLimit, type OperationLocation, type OperationDeclaration, type OperationAuth, type OperationRequest, type OperationRequestSchemas, type ActorFor, type ParamsFor, type TokenColumns, type OperationAnswer, type HttpMethod, type AnySchema } from './operation.ts';
export { mountOperations, type OperationHooks } from './mount.ts';
export { createListReadGate, listReadsBusy, DEFAULT_LIST_READ_LIMITS, type ListReadGate, type ListReadLimits } from './list-reads.ts';
export { buildOpenApi, ERROR_MEMBERS, jsonSchemaOf, type OpenApiInfo, type RateLimitPolicy } from './openapi.ts';
export { createAnswerCache, noAnswerCache, type AnswerCache, type AnswerLookup, type CachedAnswer } from './answer-cache.ts';
export { conditionalAnswer, matchesIfNoneMatch } from './conditional.ts';
