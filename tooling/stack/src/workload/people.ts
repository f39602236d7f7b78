import { randomBytes } from 'node:crypto';
import { SCOPES } from '@svc/access';
import { openRuntime, readConfig } from '@svc/runtime';

/** A signed-up principal with an agent token holding every scope, and a website session for what only a person may do. */
export interface Person {
  principalId: string;
  displayName: string;
  /** Bearer token of an approved agent grant with every scope. */
  token: string;
  grantId: string;
  /** Session cookie value, for the website-only operations (accepting invitations, history restore). */
  session: string;
}

/**
 * Signs up `names.length` principals and approves an agent for each with every scope, through the
 * services on the database itself (the device flow's approval needs a person at the website, which a
 * load test has not got). The runtime is closed again before the caller sends any request.
 */
export const createPeople = async (databaseUrl: string, baseUrl: string, names: string[]): Promise<Person[]> => {
  const runtime = await openRuntime(readConfig({ DATABASE_URL: databaseUrl, BASE_URL: baseUrl }));
  try {
    const { access } = runtime.services;
    const people: Person[] = [];
    for (const displayName of names) {
      const email = `stack-${randomBytes(6).toString('hex')}@example.test`;
      const signed = await access.accounts.signup({ email, password: 'correct horse battery', display_name: displayName });
      const resolved = await access.accounts.resolveSession(signed.sessionId);
      const connect = await access.deviceFlow.connect({ agent_name: `${displayName}'s agent`, scopes: [...SCOPES], days: 1 });
      await access.deviceFlow.approve(resolved!.actor, { user_code: connect.user_code });
      const issued = await access.deviceFlow.poll({ device_code: connect.device_code });
      people.push({ principalId: signed.principal.principal_id, displayName, token: issued.access_token, grantId: issued.grant_id, session: signed.sessionId });
    }
    return people;
  } finally {
    await runtime.close();
  }
};
