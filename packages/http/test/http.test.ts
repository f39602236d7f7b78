import { describe, expect, it } from 'vitest';
import { DomainError, GENERAL_ERRORS, NulCharacterError, errorFactory, validationFailed, type ErrorCatalog } from '@svc/kernel';
import { fromForeign } from '../src/error-handler.ts';
import { outcomeOf, routeTemplate, statusOf } from '../src/index.ts';
import { owningRoutes } from '../src/allowed-methods.ts';

const DOMAIN_ERRORS = { handle_taken: 'conflict', unavailable: 'not_found' } as const satisfies ErrorCatalog;
const fail = errorFactory(DOMAIN_ERRORS);

describe('HTTP mapping', () => {
  it.each([
    ['validation_failed', 400],
    ['invalid_json', 400],
    ['unauthenticated', 401],
    ['invalid_token', 401],
    ['insufficient_scope', 403],
    ['human_only', 403],
    ['not_owner', 403],
    ['origin_not_allowed', 403],
    ['not_found', 404],
    ['method_not_allowed', 405],
    ['version_conflict', 409],
    ['idempotency_conflict', 409],
    ['removed', 410],
    ['body_too_large', 413],
    ['unsupported_media_type', 415],
    ['expected_version_required', 428],
    ['rate_limited', 429],
    ['query_timeout', 503],
  ] as const)('maps the general code %s to %i', (code, status) => {
    expect(statusOf(new DomainError(code, 'x'))).toBe(status);
  });

  it('maps a domain code by the kind its domain declared, without the kernel knowing it', () => {
    expect(GENERAL_ERRORS).not.toHaveProperty('handle_taken');
    expect(statusOf(fail('handle_taken', 'taken'))).toBe(409);
    expect(statusOf(fail('unavailable', 'no'))).toBe(404);
    expect(statusOf(fail('not_found', 'no'))).toBe(404);
  });

  it('answers 422 for well-formed input refused for its content, with the same code', () => {
    const refused = validationFailed([{ path: 'details.general_area', message: 'looks like a street address' }], 'No.', { refusedContent: true });
    expect(refused.code).toBe('validation_failed');
    expect(statusOf(refused)).toBe(422);
  });

  it('answers 400 validation_failed for a NUL refused where a value is written into a statement', () => {
    const error = new NulCharacterError();
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('validation_failed');
    expect(statusOf(error)).toBe(400);
    expect(error.extras.details).toEqual([{ path: '', message: 'must not contain the NUL character (U+0000)' }]);
  });

  it('answers 503 query_timeout, with a retry hint, when PostgreSQL stops a statement at its time limit', () => {
    const timedOut = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const error = fromForeign(timedOut);
    expect([error.code, statusOf(error), error.extras.retry_after]).toEqual(['query_timeout', 503, 1]);
    expect(fromForeign(Object.assign(new Error('boom'), { code: '23505' })).code).toBe('internal_error');
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a server shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a connection failure (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a cut connection, wrapped by the ORM', Object.assign(new Error('driver error'), { cause: new Error('Connection terminated unexpectedly') })],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a database dropped under the process', Object.assign(new Error('database "svc" does not exist'), { code: '3D000' })],
    ['a login refused after a password change', Object.assign(new Error('password authentication failed for user "svc"'), { code: '28P01' })],
  ])('answers 503 database_unavailable, with a retry hint, for %s', (_, thrown) => {
    const error = fromForeign(thrown);
    expect([error.code, statusOf(error), error.extras.retry_after]).toEqual(['database_unavailable', 503, 5]);
  });

  it('counts outcomes by status class and error code only', () => {
    expect(outcomeOf(201, undefined)).toBe('2xx');
    expect(outcomeOf(409, 'version_conflict')).toBe('4xx:version_conflict');
  });
});

describe('the route a request is counted and logged under', () => {
  const layers = [
    { path: '/api/v1/threads/invitations', methods: ['HEAD', 'GET'], name: 'threads.invitations' },
    { path: '/api/v1/threads/:id', methods: ['HEAD', 'GET', 'PATCH', 'DELETE'], name: 'threads.update' },
  ];

  it('is the route that ran, and for another method (405) the route that owns the path, whose Allow it got', () => {
    expect(routeTemplate({ method: 'PATCH', matched: layers.slice(1) })).toBe('/api/v1/threads/:id');
    expect(routeTemplate({ method: 'PUT', matched: layers })).toBe('/api/v1/threads/invitations');
    expect(routeTemplate({ method: 'PUT', matched: layers.slice(1) })).toBe('/api/v1/threads/:id');
  });

  it('is the owner for the method of an operation that does not own the path (it stepped aside for the 405)', () => {
    expect(routeTemplate({ method: 'PATCH', matched: layers })).toBe('/api/v1/threads/invitations');
  });

  it('names a website route that ran, and counts a catch-all as an owner beside the route naming the path', () => {
    const web = [
      { path: '/my/directory/:address/destinations/:id/remove', methods: ['POST'] },
      { path: '/my/directory/:address/*change', methods: ['HEAD', 'GET'] },
    ];
    expect(routeTemplate({ method: 'GET', matched: web })).toBe('/my/directory/:address/*change');
    expect(owningRoutes(web).map((layer) => layer.path)).toEqual(web.map((layer) => layer.path));
  });
});
