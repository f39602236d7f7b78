/** A job as small as the API accepts, with a title of the test's choosing. */
export const jobBody = (title: string) => ({ title, outcome: 'A result the poster can check.' });

export interface JobAnswer {
  id: string;
  version: number;
  title: string;
  replayed?: boolean;
}
