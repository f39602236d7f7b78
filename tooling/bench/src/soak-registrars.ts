import { createPeople, type Person } from '@svc/stack/src/workload/people.ts';

/**
 * Directory entries one principal may hold (`DIRECTORY_LIMITS.entriesPerPrincipal` in
 * @svc/directory): a removed entry still counts until cleanup retires it, 30 days on, so a load that
 * registers an entry every round needs a fresh owner after this many.
 */
export const ENTRIES_PER_REGISTRAR = 25;

export interface Registrars {
  /** A person who has registered no entry yet. */
  take(): Promise<Person>;
  /** How many were made in all (the first batch included). */
  made(): number;
  /** Resolves once no batch is being made (before the stack stops). */
  settled(): Promise<void>;
}

/**
 * The owners of the directory entries a soak registers, made in batches through the services on the
 * database itself (as the lanes' people are). The next batch is started while a few are still spare,
 * so a lane seldom waits for one; `first` are people made beforehand.
 */
export const createRegistrars = ({ databaseUrl, baseUrl, run, first, batch }: { databaseUrl: string; baseUrl: string; run: string; first: Person[]; batch: number }): Registrars => {
  const spare = [...first];
  let made = first.length;
  let refilling: Promise<void> | undefined;
  let failure: unknown;

  const refill = () =>
    (refilling ??= createPeople(
      databaseUrl,
      baseUrl,
      Array.from({ length: batch }, (_, index) => `Soak registrar ${run} ${made + index + 1}`),
    )
      .then((people) => {
        spare.push(...people);
        made += people.length;
      })
      .finally(() => {
        refilling = undefined;
      }));

  return {
    take: async () => {
      while (spare.length === 0) {
        if (failure) throw failure;
        await refill();
      }
      const person = spare.shift()!;
      // A failed batch is kept to be thrown where a lane waits, not left as an unhandled rejection.
      if (spare.length < batch / 2) refill().catch((error: unknown) => (failure = error));
      return person;
    },
    made: () => made,
    settled: async () => {
      await refilling?.catch(() => {});
    },
  };
};
