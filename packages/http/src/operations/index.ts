export { defineOperation, answer, isAnswer, createdStatus, impliedErrors, isOpen, routerPath, type Operation, type OperationDeclaration, type OperationAuth, type OperationRequest, type OperationAnswer, type HttpMethod, type AnySchema } from './operation.ts';
export { mountOperations, type OperationHooks } from './mount.ts';
export { buildOpenApi, jsonSchemaOf, type OpenApiInfo } from './openapi.ts';
export { createAnswerCache, noAnswerCache, type AnswerCache, type CachedAnswer } from './answer-cache.ts';
