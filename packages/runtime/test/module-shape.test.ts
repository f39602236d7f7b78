import { describe, expect, expectTypeOf, it } from 'vitest';
import { dbSchema, type DomainModule, type ModuleSchema } from '@svc/db';
import { accessSchema, createAccessModule, type AccessModuleDeps, type AccessServices } from '@svc/access';
import { createDirectoryModule, directorySchema, type DirectoryModuleDeps, type DirectoryServices } from '@svc/directory';
import { createJobsModule, jobsSchema, type JobsModuleDeps, type JobsServices } from '@svc/jobs';
import { createOffersModule, offersSchema, type OffersModuleDeps, type OffersServices } from '@svc/offers';
import { createThreadsModule, threadsSchema, type ThreadsModuleDeps, type ThreadsServices } from '@svc/threads';

// The domain template (docs/architecture.md): each storage domain's index.ts exports
// `create<Domain>Module(deps: <Domain>ModuleDeps): DomainModule<<Domain>Services>` and `<domain>Schema`,
// a `ModuleSchema`. The assertions are checked by the typecheck (`tsc -p .` includes the tests).
describe('the domain module shape', () => {
  it('every create<Domain>Module takes its deps and returns its services plus cleanupJobs', () => {
    expectTypeOf(createAccessModule).toEqualTypeOf<(deps: AccessModuleDeps) => DomainModule<AccessServices>>();
    expectTypeOf(createJobsModule).toEqualTypeOf<(deps: JobsModuleDeps) => DomainModule<JobsServices>>();
    expectTypeOf(createOffersModule).toEqualTypeOf<(deps: OffersModuleDeps) => DomainModule<OffersServices>>();
    expectTypeOf(createDirectoryModule).toEqualTypeOf<(deps: DirectoryModuleDeps) => DomainModule<DirectoryServices>>();
    expectTypeOf(createThreadsModule).toEqualTypeOf<(deps: ThreadsModuleDeps) => DomainModule<ThreadsServices>>();
  });

  it('no services interface declares cleanupJobs itself: the module shape adds it', () => {
    expectTypeOf<AccessServices>().not.toHaveProperty('cleanupJobs');
    expectTypeOf<JobsServices>().not.toHaveProperty('cleanupJobs');
    expectTypeOf<OffersServices>().not.toHaveProperty('cleanupJobs');
    expectTypeOf<DirectoryServices>().not.toHaveProperty('cleanupJobs');
    expectTypeOf<ThreadsServices>().not.toHaveProperty('cleanupJobs');
  });

  it('every <domain>Schema has entities, migrations and routines', () => {
    const schemas = { dbSchema, accessSchema, jobsSchema, offersSchema, directorySchema, threadsSchema };
    expectTypeOf(schemas).toExtend<Record<string, ModuleSchema>>();
    for (const schema of Object.values(schemas)) {
      expect(Object.keys(schema).sort()).toEqual(['entities', 'migrations', 'routines']);
      expect(schema.entities.length).toBeGreaterThan(0);
      expect(schema.migrations.length).toBeGreaterThan(0);
      expect(Array.isArray(schema.routines)).toBe(true);
    }
  });
});
