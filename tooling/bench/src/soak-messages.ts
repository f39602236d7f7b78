/** A line a process printed, with when it was first seen (ms since the start of the load). */
export interface Message {
  at: number;
  line: string;
}

/**
 * Collects the lines a process prints that match `pattern`, each stamped with when it was seen
 * (to within `everyMs`). HAProxy's own lines carry no time, and the balancer marking a process down
 * is what a request lost at that moment is to be set against.
 */
export const watchMessages = (source: { output(): string }, pattern: RegExp, { start, everyMs = 1_000 }: { start: number; everyMs?: number }) => {
  const messages: Message[] = [];
  let seen = source.output().lastIndexOf('\n') + 1;
  const look = () => {
    const output = source.output();
    // Whole lines only: the rest is read once its end is printed.
    const end = output.lastIndexOf('\n') + 1;
    // The output keeps only its latest part: were it cut since the last look, read what is left.
    const fresh = end >= seen ? output.slice(seen, end) : output.slice(0, end);
    seen = end;
    for (const line of fresh.split('\n')) if (pattern.test(line)) messages.push({ at: Date.now() - start, line: line.trim() });
  };
  const timer = setInterval(look, everyMs);
  return {
    messages,
    stop: () => {
      clearInterval(timer);
      look();
    },
  };
};
