import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import type { OwnerEntryJson } from '@svc/directory';
import { DomainError, isDomainError, notFound, type Actor } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { ManagePage, MineList, RegisterPage } from '../components/directory/directory-views.tsx';
import { Field, fieldErrorsOf, Form, TextArea, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { ConfirmPage } from '../kit/confirm.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { page, readInput, signInFirst } from '../http/respond.ts';
import { versionOf } from '../forms/normalise.ts';
import { agentsFromForm, destinationChangeFromForm, destinationFromForm, entryPatchFromForm, formFromEntry, registrationFromForm } from '../forms/directory-input.ts';

/** The destination's fields on a form are named after it; the service names them `destination.value`. */
const destinationErrors = (errors: FieldErrors): FieldErrors => {
  const { destination, destinations, ...rest } = errors;
  const message = destination ?? destinations;
  return message ? { ...rest, destination_value: message } : rest;
};

const MESSAGES: Partial<Record<string, string>> = {
  version_conflict: 'Someone changed this entry meanwhile, so nothing was saved. The page now shows the entry as it is; make your change again.',
};

const REGISTER_DESCRIPTION = 'Register a permanent directory address for yourself, your organisation or your agent, with the ways to reach it.';
const MODERATION_DESCRIPTION = 'Support: suspend a directory address or lift a suspension.';

/** The signed-in person's entries (register, edit, destinations, lifecycle, agents, history) and the support page. */
export const registerDirectoryManageRoutes = (router: AppRouter, { directory, moderation, access, baseUrl }: Services): void => {
  const writer = (ctx: Context): Actor => requireActor(ctx, baseUrl, 'directory:write');

  const renderManage = async (ctx: Context, actor: Actor, address: string, options: { values?: FormValues; errors?: FieldErrors; status?: number } = {}) => {
    const entry = await directory.manage(actor, address);
    const [{ history }, grants] = await Promise.all([directory.history(actor, address, { limit: '100' }), access.grants.list(actor)]);
    renderPage(ctx, {
      title: `Manage ${entry.address}`,
      description: `Manage your directory entry ${entry.address}: details, destinations, status, agent access and history.`,
      status: options.status ?? 200,
      body: <ManagePage entry={entry} history={history} grants={grants} values={{ ...formFromEntry(entry), ...options.values }} errors={options.errors ?? {}} />,
    });
  };

  /** Runs one change from a form; a refusal re-renders the page with the reason (the entry as it is now). */
  const change = (path: string, run: (actor: Actor, address: string, form: FormValues, ctx: Context) => Promise<unknown>, done: string) =>
    router.post(
      `/my/directory/:address${path}`,
      page(async (ctx) => {
        const actor = writer(ctx);
        const address = ctx.params.address!;
        const form = await readInput(ctx);
        try {
          await run(actor, address, form, ctx);
        } catch (error) {
          if (!isDomainError(error) || ['not_found', 'human_only', 'insufficient_scope'].includes(error.code)) throw error;
          const errors = destinationErrors(fieldErrorsOf(error) ?? {});
          errors[''] = MESSAGES[error.code] ?? errors[''] ?? error.message;
          const keep = error.code === 'version_conflict' ? {} : form;
          return renderManage(ctx, actor, address, { values: keep, errors, status: statusOf(error) });
        }
        redirectWithFlash(ctx, `/my/directory/${encodeURIComponent(address)}`, done);
      }),
    );

  router.get(
    '/my/directory',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      // The most one page of the list holds: 25 live entries at most, and the retired ones after them.
      const { entries } = await directory.mine(requireActor(ctx, baseUrl, 'account:read', 'directory:write'), { limit: '100' });
      renderPage(ctx, {
        title: 'My directory entries',
        description: 'Your directory entries: the permanent addresses you registered and how each can be reached.',
        body: (
          <>
            <h1>My directory entries</h1>
            <p class="actions">
              <a href="/my/directory/new" class="button">
                Register an address
              </a>
            </p>
            <MineList entries={entries} />
          </>
        ),
      });
    }),
  );

  router.get(
    '/my/directory/new',
    page((ctx) => {
      if (signInFirst(ctx)) return;
      renderPage(ctx, { title: 'Register an address', description: REGISTER_DESCRIPTION, body: <RegisterPage values={{ term: 'ongoing', destination_type: 'web' }} errors={{}} /> });
    }),
  );

  router.post(
    '/my/directory/new',
    page(async (ctx) => {
      const actor = writer(ctx);
      const form = await readInput(ctx);
      let entry: OwnerEntryJson;
      try {
        entry = await directory.register(actor, registrationFromForm(form));
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors) throw error;
        if (error.code === 'handle_taken') errors.handle = error.message;
        return renderPage(ctx, { title: 'Register an address', description: REGISTER_DESCRIPTION, status: statusOf(error), body: <RegisterPage values={form} errors={destinationErrors(errors)} /> });
      }
      redirectWithFlash(ctx, `/my/directory/${entry.address}`, `Registered ${entry.address}.`);
    }),
  );

  router.get(
    '/my/directory/:address',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      await renderManage(ctx, requireActor(ctx, baseUrl, 'account:read', 'directory:write'), ctx.params.address!);
    }),
  );

  change(
    '/edit',
    async (actor, address, form) => {
      // Only what changed is sent, so the history records what the person changed.
      await directory.update(actor, address, entryPatchFromForm(await directory.manage(actor, address), form));
    },
    'Details saved.',
  );

  change(
    '/destinations',
    (actor, address, form) =>
      directory.addDestination(actor, address, { expected_version: versionOf(form.expected_version), destination: destinationFromForm(form, 'destination_') }),
    'Destination added.',
  );

  // Removing a destination cannot be undone (it would be typed again), so it asks first.
  router.get(
    '/my/directory/:address/destinations/:dest/remove',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const entry = await directory.manage(writer(ctx), ctx.params.address!);
      const destination = entry.destinations.find((one) => one.id === ctx.params.dest);
      if (!destination) throw notFound('destination');
      const back = `/my/directory/${encodeURIComponent(entry.address)}`;
      renderPage(ctx, {
        title: `Remove a destination of ${entry.address}?`,
        description: `Remove the destination ${destination.label || destination.value} from the directory entry ${entry.address}.`,
        body: (
          <ConfirmPage
            question={`Remove “${destination.label || destination.value}” from ${entry.address}?`}
            action={`${back}/destinations/${destination.id}/remove`}
            fields={{ expected_version: String(entry.version) }}
            confirm="Yes, remove it"
            back={back}
          >
            <p>Nobody resolving the address reaches it any more. To have it back, add it again.</p>
          </ConfirmPage>
        ),
      });
    }),
  );

  change(
    '/destinations/:dest/remove',
    (actor, address, form, ctx) => directory.removeDestination(actor, address, ctx.params.dest!, versionOf(form.expected_version)),
    'Destination removed.',
  );

  change(
    '/destinations/:dest',
    (actor, address, form, ctx) => directory.updateDestination(actor, address, ctx.params.dest!, destinationChangeFromForm(form)),
    'Destination saved.',
  );

  const lifecycle = {
    pause: 'Paused: the address does not resolve until you reactivate it.',
    reactivate: 'Reactivated: the address resolves again.',
    renew: 'Renewed: it expires no sooner than 30 days from today (a renewal never shortens the term).',
    remove: 'Removed: the address no longer resolves. You can restore it for 30 days.',
    restore: 'Restored.',
    lock: 'Locked: agents can no longer change this entry.',
    unlock: 'Unlocked: agents with directory access can change this entry again.',
  } as const;
  for (const [action, done] of Object.entries(lifecycle) as [keyof typeof lifecycle, string][]) {
    change(
      `/${action}`,
      (actor, address, form) => {
        const body = { expected_version: versionOf(form.expected_version) };
        return action === 'remove' ? directory.remove(actor, address, body.expected_version) : directory[action](actor, address, body);
      },
      done,
    );
  }

  change(
    '/agents',
    (actor, address, form) => directory.setAgents(actor, address, agentsFromForm(form)),
    'Agent choice saved.',
  );

  change(
    '/history/:id/restore',
    (actor, address, form, ctx) => directory.restoreHistory(actor, address, ctx.params.id!, { expected_version: versionOf(form.expected_version) }),
    'Earlier values put back.',
  );

  // Moderation: support only; anyone else is told there is nothing here, as the moderation service does.
  const supporter = (ctx: Context): Actor => {
    const actor = requireActor(ctx, baseUrl);
    if (!actor.isSupport) throw new DomainError('not_found', 'No such page.');
    return actor;
  };
  const SupportPage = ({ values, errors }: { values: FormValues; errors: FieldErrors }) => (
    <>
      <h1>Directory moderation</h1>
      <p>Suspending stops an address from resolving at once; its owner sees the suspension and the reason. Support cannot edit entries.</p>
      <Form action="/support/directory/suspend" values={values} errors={errors}>
        <h2>Suspend an address</h2>
        <Field name="address" label="Address" required hint="aar:handle" />
        <TextArea name="reason" label="Reason (shown to the owner)" required maxLength={500} />
        <button type="submit" class="danger">
          Suspend
        </button>
      </Form>
      <Form action="/support/directory/unsuspend" values={{ unsuspend_address: values.unsuspend_address ?? '' }}>
        <h2>Lift a suspension</h2>
        <Field name="unsuspend_address" label="Address to unsuspend" required hint="aar:handle" />
        <button type="submit">Lift the suspension</button>
      </Form>
    </>
  );

  router.get(
    '/support/directory',
    page((ctx) => {
      if (signInFirst(ctx)) return;
      supporter(ctx);
      renderPage(ctx, { title: 'Directory moderation', description: MODERATION_DESCRIPTION, body: <SupportPage values={{}} errors={{}} /> });
    }),
  );

  for (const action of ['suspend', 'unsuspend'] as const) {
    router.post(
      `/support/directory/${action}`,
      page(async (ctx) => {
        const actor = supporter(ctx);
        const form = await readInput(ctx);
        const address = (action === 'suspend' ? form.address : form.unsuspend_address) ?? '';
        try {
          const entry = action === 'suspend' ? await moderation.suspend(actor, address, form.reason ?? '') : await moderation.unsuspend(actor, address);
          redirectWithFlash(ctx, '/support/directory', `${entry.address} is ${action === 'suspend' ? 'suspended' : 'no longer suspended'} (version ${entry.version}).`);
        } catch (error) {
          if (!isDomainError(error)) throw error;
          const errors: FieldErrors = { ...fieldErrorsOf(error), '': error.code === 'not_found' ? 'No entry has this address.' : error.message };
          renderPage(ctx, { title: 'Directory moderation', description: MODERATION_DESCRIPTION, status: statusOf(error), body: <SupportPage values={form} errors={errors} /> });
        }
      }),
    );
  }
};
