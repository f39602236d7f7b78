import type { Client } from './http.ts';
import type { Person } from './people.ts';

/** What every domain's end-to-end flow works with: one recording client and three people. */
export interface FlowContext {
  client: Client;
  /** Posts jobs, publishes the offer, owns the directory entry and the thread. */
  poster: Person;
  /** Responds to the job, joins the thread, leaves feedback on the offer. */
  responder: Person;
  /** Someone with every scope who is party to none of it. */
  stranger: Person;
  /** A word unique to this run, so searches and handles never meet another run's records. */
  run: string;
}

export const token = (person: Person) => ({ token: person.token });
export const session = (person: Person) => ({ session: person.session });
