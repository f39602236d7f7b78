import { withReason, type ValidationIssue } from '@svc/kernel';

/** A job's two deadlines as stored (null: none). */
export interface Deadlines {
  response: Date | null;
  delivery: Date | null;
}

/** The deadlines a create or an edit sends: left out means unchanged, null clears. */
export interface SentDeadlines {
  response_deadline?: Date | null;
  delivery_deadline?: Date | null;
}

/** Whether a sent deadline is a moment other than the one saved (null and left out are not moments). */
const moved = (sent: Date | null | undefined, saved: Date | null): sent is Date => sent instanceof Date && sent.getTime() !== saved?.getTime();

/**
 * The date rules of a job (docs/jobs.md), as `validation_failed` details naming the field:
 *
 * - a deadline that is set or moved must not lie in the past (the poster's whole form sent again with
 *   a deadline that has since passed is no move, so editing the title of such a job still works);
 * - delivery must not come before the response deadline: the work is delivered after someone has
 *   responded. Equal moments are allowed.
 *
 * Each issue carries a reason (`deadline_past`, `delivery_before_response`) for the website's words.
 */
export const deadlineProblems = (sent: SentDeadlines, saved: Deadlines, now: Date): ValidationIssue[] => {
  const issues: ValidationIssue[] = [];
  const responseMoved = moved(sent.response_deadline, saved.response);
  const deliveryMoved = moved(sent.delivery_deadline, saved.delivery);
  const past = (path: string) =>
    withReason({ path, message: `must not be in the past (it is now ${now.toISOString()})` }, { kind: 'deadline_past', requirement: now });
  if (responseMoved && sent.response_deadline!.getTime() < now.getTime()) issues.push(past('response_deadline'));
  if (deliveryMoved && sent.delivery_deadline!.getTime() < now.getTime()) issues.push(past('delivery_deadline'));
  const response = sent.response_deadline === undefined ? saved.response : sent.response_deadline;
  const delivery = sent.delivery_deadline === undefined ? saved.delivery : sent.delivery_deadline;
  if ((responseMoved || deliveryMoved) && response && delivery && delivery.getTime() < response.getTime()) {
    // Name the deadline that moved: the delivery when both did.
    issues.push(
      deliveryMoved
        ? withReason(
            { path: 'delivery_deadline', message: `must not be before the response deadline (${response.toISOString()})` },
            { kind: 'delivery_before_response', requirement: response },
          )
        : withReason(
            { path: 'response_deadline', message: `must not be after the delivery deadline (${delivery.toISOString()})` },
            { kind: 'delivery_before_response', requirement: delivery },
          ),
    );
  }
  return issues;
};
