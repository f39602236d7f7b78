import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { manualClock, type Actor } from '@svc/kernel';
import { accessEntities, accessMigrations, createAccessModule, type AccessModule } from '../src/index.ts';

describe.each(ENGINES)('display name and password changes on %s', (engine) => {
  let db: TestDatabase;
  let access: AccessModule;
  let person: Actor;
  const clock = manualClock('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: [...dbEntities, ...accessEntities], migrations: [...dbMigrations, ...accessMigrations] });
    access = createAccessModule({ db, clock, limiter: createRateLimiter(db, clock), baseUrl: 'https://tasks.test' });
    const session = await access.accounts.signup({ email: 'owner@example.test', password: 'long enough password', display_name: 'Owner' });
    person = (await access.accounts.resolveSession(session.sessionId))!.actor;
  });
  afterAll(() => db?.dispose());

  it('renames the principal; the public profile shows the new name', async () => {
    const renamed = await access.principals.rename(person, { display_name: '  Ada Lovelace ' });
    expect(renamed.display_name).toBe('Ada Lovelace');
    expect((await access.principals.profile(person.principalId)).display_name).toBe('Ada Lovelace');
  });

  it('refuses an empty name, and any rename by an agent', async () => {
    await expect(access.principals.rename(person, { display_name: ' ' })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(access.principals.rename({ ...person, via: 'agent' }, { display_name: 'Bot' })).rejects.toMatchObject({ code: 'human_only' });
  });

  it('changes the password only with the current one; the new one signs in, the old one no longer does', async () => {
    await expect(
      access.accounts.changePassword(person, { current_password: 'wrong password', new_password: 'a brand new password' }),
    ).rejects.toMatchObject({ code: 'invalid_credentials', extras: { details: [{ path: 'current_password' }] } });
    await expect(access.accounts.changePassword(person, { current_password: 'long enough password', new_password: 'short' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await access.accounts.changePassword(person, { current_password: 'long enough password', new_password: 'a brand new password' });
    await expect(access.accounts.login({ email: 'owner@example.test', password: 'a brand new password' }, '192.0.2.1')).resolves.toBeTruthy();
    await expect(access.accounts.login({ email: 'owner@example.test', password: 'long enough password' }, '192.0.2.1')).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
  });
});
