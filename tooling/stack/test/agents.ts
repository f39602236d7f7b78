import type { Scope } from '@svc/access';
import { openRuntime, readConfig, type Services } from '@svc/runtime';

export interface Agent {
  principalId: string;
  /** The person's website session (for what only a person may do). */
  session: string;
  /** The agent's bearer token. */
  token: string;
  grantId: string;
}

let counter = 0;

/**
 * A person signs up and approves an agent with `scopes`, through the services as the device flow does
 * (the stack's processes have no route for tests to skip it).
 */
const createAgent = async (services: Services, name: string, scopes: Scope[]): Promise<Agent> => {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${++counter}@example.test`;
  const session = await services.access.accounts.signup({ email, password: 'correct horse battery', display_name: name });
  const connect = await services.access.deviceFlow.connect({ agent_name: `${name}'s agent`, scopes });
  const resolved = await services.access.accounts.resolveSession(session.sessionId);
  await services.access.deviceFlow.approve(resolved!.actor, { user_code: connect.user_code });
  const issued = await services.access.deviceFlow.poll({ device_code: connect.device_code });
  return { principalId: session.principal.principal_id, session: session.sessionId, token: issued.access_token, grantId: issued.grant_id };
};

/**
 * Opens the service's runtime in the test's own process on the stack's database (PostgreSQL itself),
 * creates one agent for each entry of `wanted`, and closes the runtime again.
 */
export const createAgents = async <Name extends string>(
  { databaseUrl, baseUrl }: { databaseUrl: string; baseUrl: string },
  wanted: Record<Name, Scope[]>,
): Promise<Record<Name, Agent>> => {
  const runtime = await openRuntime(readConfig({ DATABASE_URL: databaseUrl, BASE_URL: baseUrl }));
  try {
    const agents = {} as Record<Name, Agent>;
    for (const [name, scopes] of Object.entries(wanted) as [Name, Scope[]][]) agents[name] = await createAgent(runtime.services, name, scopes);
    return agents;
  } finally {
    await runtime.close();
  }
};
