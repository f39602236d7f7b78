/**
 * The sent fields that differ from the record as it is (a list by its items, in order); unsent
 * (undefined) fields are left out. An edit with none of these writes nothing.
 */
export const differingFrom = <R extends object, C extends Partial<Record<keyof R, unknown>>>(record: R, changes: C): Partial<C> =>
  Object.fromEntries(
    Object.entries(changes).filter(([field, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(record[field as keyof R])),
  ) as Partial<C>;
