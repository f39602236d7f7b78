import type { FormValues } from '../kit/form.tsx';

/** The report and site-feedback forms' strings into the services' input; every rule stays in the services. */

/** A report about a public record; empty details are left out. */
export const reportInputFromForm = ({ target_kind = '', target_id = '', reason = '', details = '' }: FormValues) => ({
  target_kind,
  target_id,
  reason,
  ...(details.trim() ? { details } : {}),
});

/** Site feedback; support may answer only when the person said so. */
export const siteFeedbackInputFromForm = (form: FormValues) => ({ kind: form.kind ?? '', message: form.message ?? '', contact_ok: form.contact_ok === 'true' });
