import type { DomainError } from '@svc/kernel';
import type { InvitePreviewJson } from '@svc/threads';
import { RefusalSection } from '../../kit/error-page.tsx';
import { CsrfField } from '../../kit/form.tsx';
import { Time } from '../../kit/time.tsx';

/** The landing page of a usable one-time link: which thread, who invited, and the Join button. */
export const InvitationLanding = ({ invite, action }: { invite: InvitePreviewJson; action: string }) => (
  <>
    <h1>
      {invite.invited_by.display_name} invites you to the private thread “{invite.thread.title}”
    </h1>
    <p>
      Joining shows you the thread’s summary, checklist and entries, and shows your display name to its participants. The link works once and
      expires <Time iso={invite.expires_at} mode="exact" />.
    </p>
    <div class="actions">
      <form method="post" action={action} class="inline">
        <CsrfField />
        <button type="submit">Join the thread</button>
      </form>
      <a href="/threads">Not now</a>
    </div>
  </>
);

interface Unusable {
  status: number;
  title: string;
  says: string;
}

const ASK_AGAIN = 'Ask the person who invited you to send it again.';

/** Why a used, revoked or expired link no longer works (`invite_unavailable` carries which). */
const GONE: Record<string, Omit<Unusable, 'status'>> = {
  accepted: {
    title: 'This invitation link has already been used',
    says: 'Each link works once. If you joined with it, the thread is on your Threads page; if not, ask the person who invited you for a new link.',
  },
  revoked: {
    title: 'This invitation was withdrawn',
    says: 'The person who made the link took it back. If you still need to join, ask them for a new one.',
  },
  expired: {
    title: 'This invitation link has expired',
    says: 'A link works for 7 days. If you still need to join, ask the person who invited you for a new one.',
  },
};

/**
 * The page for a link that cannot be used, or null for any other refusal. The statuses say what a
 * browser and a person expect of a link: unknown is 404, used, revoked or expired is 410 (it worked
 * once and never will again; the API's accept answers 409 `invite_unavailable`), someone else's is 403.
 * Nothing about the thread is shown: the link no longer lets this person in.
 */
export const unusableInvitation = (error: DomainError): Unusable | null => {
  if (error.code === 'invite_not_found') {
    return { status: 404, title: 'This invitation link does not work', says: `It may have been mistyped, or cut short when it was copied. ${ASK_AGAIN}` };
  }
  if (error.code === 'invite_unavailable') {
    const gone = GONE[String(error.extras.status)] ?? GONE.accepted!;
    return { status: 410, ...gone };
  }
  if (error.code === 'not_for_you') {
    return {
      status: 403,
      title: 'This invitation is for someone else',
      says: 'It was made for another person’s account. If it was meant for you, check that you are signed in with the right account, or ask for a link of your own.',
    };
  }
  return null;
};

export const UnusableInvitation = ({ code, title, says }: Unusable & { code: string }) => (
  <RefusalSection title={title} code={code} next={{ href: '/threads', text: 'Threads' }} also={{ href: '/', text: 'Back to the start' }}>
    <p>{says}</p>
  </RefusalSection>
);
