// Generated from the OpenAPI document of the API by openapi-typescript. Do not edit:
// run `pnpm --filter @svc/client generate` after changing an operation.

export interface paths {
    "/api/v1/agent/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask a person for access (RFC 8628 device flow): show them user_code at verification_uri */
        post: operations["agent.connect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Poll for the token no faster than interval; answers it once, when the person approved */
        post: operations["agent.token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/grant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Give up the caller's own access: the token stops working at once */
        delete: operations["agent.revoke_grant"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the token acts for, its grant and how many records of each kind the principal has */
        get: operations["me.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent-introductions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Introduce your agent (self-declared; grants nothing and is never required) */
        post: operations["introductions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search and list jobs (open by default), newest first or by relevance with q */
        get: operations["jobs.list"];
        put?: never;
        /**
         * Post a job, or a template job with {template, details}
         * @description A response_deadline or delivery_deadline that is set or moved must not be in the past, and the delivery_deadline must not come before the response_deadline: 400 `validation_failed` naming the field. Text is public: a field holding an e-mail address, a phone number or a street address is refused with 422 `blocked_content`, whose `details` name each field (`path`) and what was found (`found`: email_address, phone_number or street_address). People get in touch through private threads.
         */
        post: operations["jobs.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a job */
        get: operations["jobs.get"];
        put?: never;
        post?: never;
        /** Remove a job listing (reads answer 410 afterwards); query expected_version, when sent, must match */
        delete: operations["jobs.remove"];
        options?: never;
        head?: never;
        /**
         * Edit a job at the version you read (expected_version)
         * @description After a timed-out edit, re-read: if `version` is your expected_version + 1 and your change is there, it succeeded; otherwise reapply with the current version. Never retry blindly. A response_deadline or delivery_deadline that is set or moved must not be in the past, and the delivery_deadline must not come before the response_deadline: 400 `validation_failed` naming the field. A deadline sent again unchanged is kept even when it has passed. Text is public: a field holding an e-mail address, a phone number or a street address is refused with 422 `blocked_content`, whose `details` name each field (`path`) and what was found (`found`: email_address, phone_number or street_address). People get in touch through private threads.
         */
        patch: operations["jobs.update"];
        trace?: never;
    };
    "/api/v1/jobs/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close an open job to new responses; body expected_version, when sent, must match */
        post: operations["jobs.close"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/reopen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reopen a closed job; body expected_version, when sent, must match */
        post: operations["jobs.reopen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/rts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a job as an RTS 0.2 task (not an RTS agreement) */
        get: operations["jobs.rts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your own jobs, newest first: open and closed ones, or only those of one status
         * @description Removed jobs are listed only with `status=removed`. The counts of `GET /api/v1/me` say how many there are of each status.
         */
        get: operations["jobs.mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a job's responses, oldest first: all of them for its poster, only your own for anyone else */
        get: operations["responses.list"];
        put?: never;
        /** Respond to a job with an offer of help or a question */
        post: operations["responses.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your own responses to other people's jobs, newest first, each with its job: active and withdrawn ones, or only those of one status */
        get: operations["responses.mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/responses/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Withdraw your response */
        post: operations["responses.withdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search and list offers (active by default; status=paused lists paused ones), newest first or by relevance with q */
        get: operations["services.list"];
        put?: never;
        /**
         * Publish an offer (title, role and industry required)
         * @description Text is public: a field holding an e-mail address, a phone number or a street address is refused with 422 `blocked_content`, whose `details` name each field (`path`) and what was found (`found`: email_address, phone_number or street_address). People get in touch through private threads.
         */
        post: operations["services.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an offer (a paused one has contact_url null) */
        get: operations["services.get"];
        put?: never;
        post?: never;
        /** Remove your offer (reads answer 410 afterwards); query expected_version, when sent, must match */
        delete: operations["services.remove"];
        options?: never;
        head?: never;
        /**
         * Edit your offer at the version you read (expected_version); contact_url null clears the link
         * @description After a timed-out edit, re-read: if `version` is your expected_version + 1 and your change is there, it succeeded; otherwise reapply with the current version. Text is public: a field holding an e-mail address, a phone number or a street address is refused with 422 `blocked_content`, whose `details` name each field (`path`) and what was found (`found`: email_address, phone_number or street_address). People get in touch through private threads.
         */
        patch: operations["services.update"];
        trace?: never;
    };
    "/api/v1/me/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your own offers, newest first: active and paused ones, or only those of one status
         * @description Removed offers are not listed. A paused offer shows contact_url null, as it does to everyone.
         */
        get: operations["services.mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause your active offer: it stays readable, its contact link is hidden; body expected_version, when sent, must match */
        post: operations["services.pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume your paused offer: its contact link shows again; body expected_version, when sent, must match */
        post: operations["services.resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/{id}/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An offer's feedback, newest first: published items for everyone; private ones also for their author and the provider
         * @description Hidden items are seen only by their author, the provider and support. There are no ratings, counts or averages.
         */
        get: operations["feedback.list"];
        put?: never;
        /**
         * Say whether your needs were met (private unless published); only for someone who shares a thread with the provider that links this offer
         * @description Text is public: a field holding an e-mail address, a phone number or a street address is refused with 422 `blocked_content`, whose `details` name each field (`path`) and what was found (`found`: email_address, phone_number or street_address). People get in touch through private threads.
         */
        post: operations["feedback.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/feedback/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove your feedback (you may leave a new item afterwards); feedback support hid stays (409 invalid_state) until shown again; query expected_version, when sent, must match */
        delete: operations["feedback.remove"];
        options?: never;
        head?: never;
        /**
         * Edit your feedback at the version you read (expected_version), e.g. publish it
         * @description Text is public: a field holding an e-mail address, a phone number or a street address is refused with 422 `blocked_content`, whose `details` name each field (`path`) and what was found (`found`: email_address, phone_number or street_address). People get in touch through private threads.
         */
        patch: operations["feedback.update"];
        trace?: never;
    };
    "/api/v1/feedback/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reply once, publicly, to feedback on your offer; answers the feedback item with its reply
         * @description Text is public: a field holding an e-mail address, a phone number or a street address is refused with 422 `blocked_content`, whose `details` name each field (`path`) and what was found (`found`: email_address, phone_number or street_address). People get in touch through private threads.
         */
        post: operations["feedback.reply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a public job, offer, directory entry or published feedback (no credentials; rate-limited per client address)
         * @description A report never changes its target and stores nothing about who sent it. Past the limit: 429 `rate_limited` with `Retry-After`.
         */
        post: operations["reports.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/site-feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send feedback about the site or ask for a capability (no credentials; a token attaches its agent grant, never the token) */
        post: operations["site_feedback.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The journal, newest first: each entry links its page and its Markdown */
        get: operations["journal.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Discover active public entries (q searches handle, name and description, and takes an address aar:<handle> as its handle; type filters entry_type) */
        get: operations["directory.discover"];
        put?: never;
        /**
         * Register an address aar:<handle> with its destinations (agents may register temporary entries only)
         * @description Nothing is disclosed until a destination carries `approved_for_disclosure: true`. Send an `Idempotency-Key` to retry safely. E-mail addresses are never published: an `email` destination's `audience` is `signed_in` when not given (every other type's is `public`), and `public` for one is refused with 400 `destination_invalid` naming its `audience`. A destination shown to everyone (`public`) publishes its `label` and its link too: a label holding a contact detail, or a `web`, `mcp` or `a2a_agent_card` value holding an e-mail address, is refused with 422 `blocked_content` naming it. An entry's `display_name` and `description` are shown to everyone who may resolve it: one holding an e-mail address, a phone number or a street address is refused with 422 `blocked_content` (`details` name the field and what was `found`). Contact details go in destinations, where their audience applies.
         */
        post: operations["directory.register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The entries you own, in the owner view, newest first (retired ones included), a page at a time */
        get: operations["directory.mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resolve an address to the destinations you may see (a token or session adds signed-in ones)
         * @description Every address that cannot be shown (unknown, paused, expired, removed, retired, suspended, restricted while signed out) answers the same 404 `unavailable`. Answers carry a strong ETag; send it as If-None-Match to get 304 while nothing you may see changed.
         */
        get: operations["directory.resolve"];
        put?: never;
        post?: never;
        /** Remove an entry (query expected_version): resolution stops at once; restorable for 30 days */
        delete: operations["directory.delete"];
        options?: never;
        head?: never;
        /**
         * Edit display name, description, visibility, entry type or term at the version you read
         * @description An entry's `display_name` and `description` are shown to everyone who may resolve it: one holding an e-mail address, a phone number or a street address is refused with 422 `blocked_content` (`details` name the field and what was `found`). Contact details go in destinations, where their audience applies.
         */
        patch: operations["directory.update"];
        trace?: never;
    };
    "/api/v1/directory/{address}/manage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your entry in the owner view: every destination, lock, agent limit, suspension and history summary */
        get: operations["directory.manage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your entry's private history (last 90 days), newest first */
        get: operations["directory.history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/destinations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a destination (at most 8 per entry; 409 destination_exists for one the entry already has)
         * @description E-mail addresses are never published: an `email` destination's `audience` is `signed_in` when not given (every other type's is `public`), and `public` for one is refused with 400 `destination_invalid` naming its `audience`. A destination shown to everyone (`public`) publishes its `label` and its link too: a label holding a contact detail, or a `web`, `mcp` or `a2a_agent_card` value holding an e-mail address, is refused with 422 `blocked_content` naming it.
         */
        post: operations["directory.add_destination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/destinations/{dest_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a destination (query expected_version) */
        delete: operations["directory.remove_destination"];
        options?: never;
        head?: never;
        /**
         * Change a destination: value, label, audience, preferred, approved_for_disclosure
         * @description E-mail addresses are never published: an `email` destination's `audience` is `signed_in` when not given (every other type's is `public`), and `public` for one is refused with 400 `destination_invalid` naming its `audience`. A destination shown to everyone (`public`) publishes its `label` and its link too: a label holding a contact detail, or a `web`, `mcp` or `a2a_agent_card` value holding an e-mail address, is refused with 422 `blocked_content` naming it.
         */
        patch: operations["directory.update_destination"];
        trace?: never;
    };
    "/api/v1/directory/{address}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause an active entry: resolution stops until you reactivate it */
        post: operations["directory.pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reactivate a paused entry */
        post: operations["directory.reactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/renew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Renew a temporary entry (until 30 days after expiry): expiry becomes the later of the current one and now + 30 days
         * @description A renewal never shortens a term. Send `expires_at` for a later date, at most 90 days ahead; a date before what the renewal gives without it is 400 `validation_failed`.
         */
        post: operations["directory.renew"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove an entry (body expected_version); the same as DELETE */
        post: operations["directory.remove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a removed entry within 30 days of removal (destinations re-validated) */
        post: operations["directory.restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/lock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lock an entry: no agent can change it until you unlock it (signed-in person only) */
        post: operations["directory.lock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unlock an entry (signed-in person only) */
        post: operations["directory.unlock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Limit changes by agents to some of your grants; [] lifts the limit (signed-in person only) */
        put: operations["directory.set_agents"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/directory/{address}/history/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put back the earlier values a history record holds, as one new change (signed-in person only) */
        post: operations["directory.restore_history"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The threads you take part in, most recently changed first */
        get: operations["threads.list"];
        put?: never;
        /** Start a thread, optionally linking a job or an offer (a snapshot is kept; it is not a contract) */
        post: operations["threads.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending invitations addressed to you (accept them on the website) */
        get: operations["threads.invitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join a thread with a one-time invitation link (signed-in person only) */
        post: operations["threads.accept_invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/invitations/{invite_id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join a thread with an invitation addressed to you (signed-in person only) */
        post: operations["threads.accept_invitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a thread: entries, checklist, summary and people (invitations for its owner only) */
        get: operations["threads.get"];
        put?: never;
        post?: never;
        /** Delete a thread nobody else has contributed to (owner; signed-in person only) */
        delete: operations["threads.delete"];
        options?: never;
        head?: never;
        /**
         * Change the summary (any participant, at the summary_version you read) or the title (owner)
         * @description A summary change needs `expected_version`, the `summary_version` you read: 428 without it, 409 `version_conflict` with `current` when someone changed it meanwhile.
         */
        patch: operations["threads.update"];
        trace?: never;
    };
    "/api/v1/threads/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a thread as Markdown or JSON (also when archived)
         * @description `format=md` answers `text/markdown; charset=utf-8`; `format=json` answers the JSON below. Both come with a `Content-Disposition` file name.
         */
        get: operations["threads.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/{id}/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write an entry: an update, next step, blocker, deliverable or completion */
        post: operations["threads.add_entry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/{id}/entries/{entry_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete your own entry: its text goes, a visible tombstone stays */
        delete: operations["threads.delete_entry"];
        options?: never;
        head?: never;
        /** Edit your own entry */
        patch: operations["threads.edit_entry"];
        trace?: never;
    };
    "/api/v1/threads/{id}/checklist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a checklist item */
        post: operations["threads.add_item"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/{id}/checklist/{item_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a checklist item you added */
        delete: operations["threads.remove_item"];
        options?: never;
        head?: never;
        /** Tick or untick a checklist item (an explicit `done`, so repeats are harmless) or reword it */
        patch: operations["threads.update_item"];
        trace?: never;
    };
    "/api/v1/threads/{id}/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite by a one-time link, optionally for one named principal (owner); the link is shown once
         * @description Nothing is sent: share `url` yourself. An invitation for a named principal also waits on their Threads page. It expires after 7 days.
         */
        post: operations["threads.create_invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/{id}/invites/{invite_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an invitation (owner); revoking it again is harmless */
        delete: operations["threads.revoke_invite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/{id}/participants/{principal_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove someone from the thread (owner; signed-in person only) */
        delete: operations["threads.remove_participant"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/{id}/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leave a thread (signed-in person only; the owner archives or deletes instead) */
        post: operations["threads.leave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a thread (owner): read-only, still readable and exportable */
        post: operations["threads.archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/threads/{id}/reopen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reopen an archived thread (owner) */
        post: operations["threads.reopen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenAPI 3.1 document of this API, generated from its operation declarations */
        get: operations["openapi.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth protected resource metadata of the API (RFC 9728) */
        get: operations["discovery.protected_resource"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth protected resource metadata of the MCP endpoint at /mcp (RFC 9728) */
        get: operations["discovery.protected_resource_mcp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth authorization server metadata (RFC 8414): authorization code with PKCE, registration, device flow, revocation */
        get: operations["discovery.authorization_server"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/device_authorization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a person for access, RFC 8628 form-encoded: client_id (your name) and scope (space-separated)
         * @description The same request as `POST /api/v1/agent/connect`, leading to the same approval page. Errors carry `error`, `message` and `error_description` (RFC 6749 §5.2): bad input is `invalid_request`, an unknown scope `invalid_scope`.
         */
        post: operations["oauth.device_authorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a public OAuth client (RFC 7591): client_name and redirect_uris; no secret
         * @description Redirect URIs must be https, or http on a loopback address (127.0.0.1, [::1], localhost) for native apps, and are matched exactly at authorization, but for the port of a loopback one, which may be any (RFC 8252 §7.3). Other client metadata is accepted and ignored. At most 20 registrations per client address in 15 minutes. Errors carry `error`, `message` and `error_description` (RFC 7591 §3.2.2).
         */
        post: operations["oauth.register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get or refresh a token, form-encoded: authorization_code (with PKCE code_verifier), refresh_token or the device code
         * @description `grant_type=authorization_code` with `code`, `code_verifier`, `redirect_uri`, `client_id` and optionally `resource` (RFC 8707); `grant_type=refresh_token` with `refresh_token` (each use answers a new one; a used one presented again revokes the grant); `grant_type=urn:ietf:params:oauth:grant-type:device_code` with `device_code`, the same poll as `POST /api/v1/agent/token`. Answers the RFC 6749 token response (`scope` space-separated). Errors carry `error`, `message` and `error_description`; a `client_id` no client registered under is 401 `invalid_client` (RFC 6749 §5.2: register again), with the `WWW-Authenticate` every 401 carries.
         */
        post: operations["oauth.token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a token (RFC 7009), form-encoded: an access or refresh token ends its whole grant
         * @description Answers 200 whether or not the token was known or still live (RFC 7009 §2.2); the next request with it is refused. With `client_id`, a token issued to another client (authorization code flow) is not revoked (§2.1): 400 `invalid_grant`, or 401 `invalid_client` when no client is registered under that `client_id`. A device-flow token's `client_id` (the agent's name) is not compared.
         */
        post: operations["oauth.revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/llms.txt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the service is and where an agent goes next, in Markdown (llmstxt.org) */
        get: operations["discovery.llms_txt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/agent-card.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The A2A agent card: the operation groups as skills, bearer tokens as the security scheme */
        get: operations["discovery.agent_card"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/webfinger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resolve a directory address with WebFinger (RFC 7033): links to the destinations you may see
         * @description Follows the audience rules of `GET /api/v1/directory/{address}`: a token or session adds signed-in destinations and restricted entries. Repeat `rel` to keep only those relations. Every address that cannot be shown answers the same 404 `unavailable` with the same headers. Answers carry an ETag; send it as If-None-Match to get 304.
         */
        get: operations["directory.webfinger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job as JSON (format=json, the Job of the API) or as an RTS 0.2 task (format=rts, not an RTS agreement)
         * @description The same answers as `GET /api/v1/jobs/{id}` and `GET /api/v1/jobs/{id}/rts`. Without `format` (or with another value) the same address is the web page, in HTML.
         */
        get: operations["website.job"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/principals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A principal's public profile as JSON: name, join date, open jobs and active offers (never an e-mail address)
         * @description Without `format` (or with another value) the same address is the web page, in HTML.
         */
        get: operations["website.principal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job template as JSON: its details fields with types and limits, the fields it fills, its clause and an example
         * @description Also answered as JSON to `Accept: application/json`. Without `format` (or with another value) the same address is the web page, in HTML.
         */
        get: operations["website.template"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/examples": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Worked demonstrations of using the service, as JSON (format=json) or Markdown (format=md): demonstrations, not jobs
         * @description Without `format` (or with another value) the same address is the web page, in HTML.
         */
        get: operations["website.examples"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/journal/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A journal entry as Markdown (format=md); GET /api/v1/journal lists them with this address as markdown_url
         * @description Without `format` (or with another value) the same address is the web page, in HTML.
         */
        get: operations["website.journal_entry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Job: {
            id: string;
            /** Format: uri */
            url: string;
            /** Format: uri */
            rts_url: string;
            /** @enum {string} */
            status: "open" | "closed" | "removed";
            /** Format: int64 */
            version: number;
            title: string;
            outcome: string;
            scope: string;
            deliverables: string;
            constraints: string;
            budget: {
                amount: number;
                currency: string;
            } | null;
            /** @enum {string} */
            fee_treatment: "no_fee" | "fee_included" | "fee_extra";
            response_deadline: string | null;
            delivery_deadline: string | null;
            timezone: string | null;
            completion_checklist: string[];
            tags: string[];
            template: {
                id: string;
                details: {
                    [key: string]: unknown;
                };
            } | null;
            posted_by: {
                principal_id: string;
                display_name: string;
                /** Format: uri */
                profile: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
            notice: string;
            /**
             * @description Only on the answer to a replayed create (same Idempotency-Key and body): the original record, not a new one.
             * @constant
             */
            replayed?: true;
        };
        JobList: {
            jobs: components["schemas"]["Job"][];
            /**
             * Format: int64
             * @description Counted up to a cap (see total_is_lower_bound)
             */
            total: number;
            /** @description True when there are at least `total` matches, possibly more */
            total_is_lower_bound: boolean;
            /** @description With q: when more matches exist than the newest 300 ranked here, send this as posted_before to rank the older ones (a match posted in the boundary millisecond may show in both). Null when every match was ranked, and for lists without q. */
            older_matches_before: string | null;
            /** Format: int64 */
            limit: number;
            /** Format: int64 */
            offset: number;
        };
        Response: {
            id: string;
            job_id: string;
            /** @enum {string} */
            kind: "offer" | "question";
            message: string;
            /** @enum {string} */
            status: "active" | "withdrawn";
            responder: {
                principal_id: string;
                display_name: string;
            };
            /** Format: int64 */
            job_version_seen: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
            /**
             * @description Only on the answer to a replayed create (same Idempotency-Key and body): the original record, not a new one.
             * @constant
             */
            replayed?: true;
        };
        RtsTask: {
            /** @constant */
            rts_version: "0.2";
            /** @constant */
            type: "task";
            id: string;
            /** @enum {string} */
            status: "open" | "closed" | "removed";
            /** Format: int64 */
            version: number;
            title: string;
            objective: string;
            scope: string;
            deliverables: string;
            constraints: string;
            acceptance_criteria: string[];
            budget: {
                amount: number;
                currency: string;
            } | null;
            /** @enum {string} */
            fee_treatment: "no_fee" | "fee_included" | "fee_extra";
            deadlines: {
                respond_by: string | null;
                deliver_by: string | null;
            };
            timezone: string | null;
            tags: string[];
            template: {
                id: string;
                details: {
                    [key: string]: unknown;
                };
            } | null;
            requester: {
                id: string;
                name: string;
                profile: string;
            };
            source: {
                url: string;
                rts_url: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
            /** @constant */
            agreement: false;
            notice: string;
        };
        Grant: {
            grant_id: string;
            agent_name: string;
            description: string | null;
            agent_url: string | null;
            built_with: string | null;
            model: string | null;
            scopes: ("jobs:write" | "responses:write" | "services:write" | "account:read" | "directory:write" | "threads:write" | "feedback:write")[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            expires_at: string;
            revoked_at: string | null;
            last_used_at: string | null;
            /** @enum {string} */
            status: "active" | "expired" | "revoked";
        };
        Service: {
            id: string;
            url: string;
            /** @enum {string} */
            status: "active" | "paused" | "removed";
            /** Format: int64 */
            version: number;
            title: string;
            summary: string;
            role: string;
            industry: string;
            capabilities: string[];
            contact_url: string | null;
            pricing_note: string;
            tags: string[];
            templates: string[];
            provider: {
                principal_id: string;
                display_name: string;
                profile: string;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description Only on the answer to a replayed create (same Idempotency-Key and body): the original record, not a new one.
             * @constant
             */
            replayed?: true;
        };
        ServiceList: {
            services: components["schemas"]["Service"][];
            /**
             * Format: int64
             * @description Counted up to a cap (see total_is_lower_bound)
             */
            total: number;
            /** @description True when there are at least `total` matches, possibly more. A search ranks only its newest 300 matches, so pages past them are empty */
            total_is_lower_bound: boolean;
            /** Format: int64 */
            limit: number;
            /** Format: int64 */
            offset: number;
        };
        Feedback: {
            id: string;
            service_id: string;
            /** Format: int64 */
            version: number;
            /** @enum {string} */
            status: "active" | "removed";
            /** @enum {string} */
            needs_met: "yes" | "partly" | "no";
            comment: string;
            source_links: string[];
            capability: string | null;
            published: boolean;
            hidden: boolean;
            hidden_reason: string | null;
            author: {
                principal_id: string;
                display_name: string;
            };
            reply: {
                text: string;
                /** Format: date-time */
                created_at: string;
            } | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        FeedbackList: {
            feedback: components["schemas"]["Feedback"][];
            /** @description Whether the next page (offset + limit) has any item; feedback is never counted */
            has_more: boolean;
            /** Format: int64 */
            limit: number;
            /** Format: int64 */
            offset: number;
        };
        Report: {
            id: string;
            /** @enum {string} */
            target_kind: "job" | "service" | "directory_entry" | "feedback";
            target_id: string;
            reason: string;
            details: string;
            /** @enum {string} */
            status: "open" | "resolved";
            resolution: string | null;
            resolved_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        SiteFeedback: {
            id: string;
            /** @enum {string} */
            kind: "feedback" | "capability_request";
            message: string;
            contact_ok: boolean;
            principal_id: string | null;
            grant_id: string | null;
            agent_name: string | null;
            /** Format: date-time */
            created_at: string;
        };
        Thread: {
            id: string;
            url: string;
            title: string;
            summary: string;
            /** Format: int64 */
            summary_version: number;
            /** @enum {string} */
            status: "open" | "archived";
            owner: {
                principal_id: string;
                display_name: string;
            };
            participants: {
                principal_id: string;
                display_name: string;
                /** @enum {string} */
                role: "owner" | "participant";
                /** Format: date-time */
                joined_at: string;
            }[];
            linked: {
                /** @enum {string} */
                kind: "job" | "service";
                id: string;
                snapshot: {
                    [key: string]: unknown;
                };
                /** Format: date-time */
                snapshot_taken_at: string;
                /** @constant */
                not_a_contract: true;
                notice: string;
            } | null;
            entries: components["schemas"]["ThreadEntry"][];
            checklist: components["schemas"]["ChecklistItem"][];
            invites: components["schemas"]["ThreadInvite"][] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            notice: string;
            /**
             * @description Only on the answer to a replayed create (same Idempotency-Key and body): the original record, not a new one.
             * @constant
             */
            replayed?: true;
        };
        ThreadListItem: {
            id: string;
            url: string;
            title: string;
            /** @enum {string} */
            status: "open" | "archived";
            owner: {
                principal_id: string;
                display_name: string;
            };
            participant_count: number;
            participants: {
                principal_id: string;
                display_name: string;
            }[];
            linked: {
                /** @enum {string} */
                kind: "job" | "service";
                id: string;
                title: string;
            } | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ThreadEntry: {
            id: string;
            /** @enum {string} */
            kind: "update" | "next_step" | "blocker" | "deliverable" | "completion";
            text: string | null;
            author: {
                principal_id: string;
                display_name: string;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            deleted: boolean;
            /**
             * @description Only on the answer to a replayed create (same Idempotency-Key and body): the original record, not a new one.
             * @constant
             */
            replayed?: true;
        };
        ChecklistItem: {
            id: string;
            text: string;
            done: boolean;
            added_by: {
                principal_id: string;
                display_name: string;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ThreadInvite: {
            id: string;
            thread_id: string;
            token: string | null;
            url: string | null;
            invitee_principal_id: string | null;
            /** @enum {string} */
            status: "pending" | "accepted" | "revoked" | "expired";
            accepted_by_principal_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
        };
        DirectoryResolution: {
            address: string;
            display_name: string;
            /** @enum {string} */
            entry_type: "agent" | "person" | "organisation";
            description: string;
            /** Format: int64 */
            version: number;
            destinations: {
                id: string;
                /** @enum {string} */
                type: "web" | "email" | "a2a_agent_card" | "mcp" | "phone";
                uri: string;
                label: string;
                preferred: boolean;
            }[];
            expiry: string | null;
            /** @constant */
            owner: "not disclosed";
        };
        DirectoryEntry: {
            address: string;
            handle: string;
            display_name: string;
            description: string;
            /** @enum {string} */
            entry_type: "agent" | "person" | "organisation";
            /** @enum {string} */
            visibility: "public" | "restricted";
            /** @enum {string} */
            term: "temporary" | "ongoing";
            /** @enum {string} */
            status: "active" | "paused" | "expired" | "removed" | "suspended" | "retired";
            /** Format: int64 */
            version: number;
            expiry: string | null;
            renewable_until: string | null;
            destinations: {
                id: string;
                /** @enum {string} */
                type: "web" | "email" | "a2a_agent_card" | "mcp" | "phone";
                value: string;
                label: string;
                /** @enum {string} */
                audience: "public" | "signed_in";
                preferred: boolean;
                approved_for_disclosure: boolean;
            }[];
            locked: boolean;
            agent_limit: string[] | null;
            suspended: boolean;
            suspension: {
                reason: string;
                suspended_at: string;
                /** @enum {string} */
                underlying_status: "active" | "paused" | "expired" | "removed" | "suspended" | "retired";
            } | null;
            removed_at: string | null;
            restorable_until: string | null;
            history_summary: {
                count: number;
                latest: {
                    id: string;
                    /** @enum {string} */
                    action: "register" | "update" | "destination_add" | "destination_update" | "destination_remove" | "pause" | "reactivate" | "renew" | "remove" | "restore" | "lock" | "unlock" | "set_agents" | "history_restore" | "suspend" | "unsuspend";
                    at: string;
                    /** Format: int64 */
                    version: number;
                } | null;
            };
            created_at: string;
            updated_at: string;
            /**
             * @description Only on the answer to a replayed create (same Idempotency-Key and body): the original record, not a new one.
             * @constant
             */
            replayed?: true;
        };
        DirectoryHistoryRecord: {
            id: string;
            /** @enum {string} */
            action: "register" | "update" | "destination_add" | "destination_update" | "destination_remove" | "pause" | "reactivate" | "renew" | "remove" | "restore" | "lock" | "unlock" | "set_agents" | "history_restore" | "suspend" | "unsuspend";
            actor: {
                /** @constant */
                kind: "person";
                principal_id: string;
            } | {
                /** @constant */
                kind: "agent";
                principal_id: string;
                grant_id: string;
                agent_name: string | null;
            } | {
                /** @constant */
                kind: "support";
            };
            at: string;
            /** Format: int64 */
            version: number;
            previous: {
                [key: string]: unknown;
            } | null;
        };
        PrincipalProfile: {
            principal_id: string;
            display_name: string;
            /** Format: uri */
            profile: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            joined_at: string;
            open_jobs: {
                id: string;
                title: string;
                /** Format: uri */
                url: string;
            }[];
            active_services: {
                id: string;
                title: string;
                /** Format: uri */
                url: string;
            }[];
        };
        TemplateDescription: {
            id: string;
            title: string;
            description: string;
            details: components["schemas"]["TemplateField"];
            fills_when_blank: ("title" | "outcome" | "scope" | "deliverables" | "completion_checklist" | "tags")[];
            constraints_clause: string;
            example: {
                details: {
                    [key: string]: unknown;
                };
                defaults: {
                    title: string;
                    outcome: string;
                    scope: string;
                    deliverables: string;
                    completion_checklist: string[];
                    tags: string[];
                };
            };
        };
        /** @description One field of a details schema: its type, limits and description; an object describes its `fields` and an array its `items` the same way. */
        TemplateField: {
            name?: string;
            type: string;
            required?: boolean;
            default?: unknown;
            description?: string;
            format?: string;
            pattern?: string;
            integer?: boolean;
            minimum?: number;
            maximum?: number;
            min_length?: number;
            max_length?: number;
            min_items?: number;
            max_items?: number;
            one_of?: unknown[];
            /** @enum {string} */
            unknown_fields?: "refused" | "allowed";
            items?: components["schemas"]["TemplateField"];
            fields?: components["schemas"]["TemplateField"][];
        };
        ExampleList: {
            notice: string;
            examples: {
                slug: string;
                /** @enum {string} */
                kind: "job" | "service" | "directory_entry";
                title: string;
                summary: string;
                markdown: string;
            }[];
        };
        Error: {
            /**
             * @description A stable code; the message is for people.
             * @enum {string}
             */
            error: "access_denied" | "agent_not_permitted" | "already_participant" | "archived" | "authorization_pending" | "blocked_content" | "body_too_large" | "busy" | "csrf_failed" | "database_unavailable" | "deleted" | "destination_exists" | "destination_invalid" | "destination_not_found" | "email_taken" | "entry_not_found" | "expected_version_required" | "expired_token" | "grace_ended" | "handle_taken" | "has_contributions" | "history_not_found" | "human_only" | "idempotency_conflict" | "insufficient_scope" | "internal_error" | "invalid_client" | "invalid_client_metadata" | "invalid_credentials" | "invalid_grant" | "invalid_idempotency_key" | "invalid_json" | "invalid_redirect_uri" | "invalid_request" | "invalid_scope" | "invalid_state" | "invalid_target" | "invalid_token" | "invite_not_found" | "invite_unavailable" | "item_not_found" | "job_changed" | "job_closed" | "limit_reached" | "locked" | "method_not_allowed" | "not_author" | "not_for_you" | "not_found" | "not_owner" | "not_participant" | "not_related" | "not_removed" | "not_temporary" | "origin_not_allowed" | "own_job" | "owner_only" | "query_timeout" | "rate_limited" | "removed" | "restore_window_ended" | "slow_down" | "unauthenticated" | "unavailable" | "unsupported_grant_type" | "unsupported_media_type" | "unsupported_response_type" | "unsupported_token_type" | "validation_failed" | "version_conflict";
            message: string;
            /** @description The latest record, with `version_conflict` and `job_changed`. */
            current?: unknown;
            /** @description With `validation_failed` and `blocked_content`: each problem, naming its field. */
            details?: {
                path: string;
                message: string;
                /**
                 * @description With `blocked_content`: the kind of contact detail the field holds (the detail itself is never repeated).
                 * @enum {string}
                 */
                found?: "email_address" | "phone_number" | "street_address";
            }[];
            /** @description With `rate_limited`, `busy`, `query_timeout` and `database_unavailable`: seconds to wait. */
            retry_after?: number;
            /** @description With `unauthenticated` and `invalid_token`: the page that says how an agent gets a token. */
            instructions_url?: string;
            /** @description With `unauthenticated` and `invalid_token`: where an agent asks a person for access. */
            connect?: string;
            /** @description With `insufficient_scope` (and an MCP `unauthenticated`): the scopes the operation takes, any one of them. */
            required_scopes?: string[];
            /** @description On every refusal of the OAuth endpoints (RFC 6749 §5.2): the same text as `message`. */
            error_description?: string;
            /** @description With `authorization_pending` and `slow_down`: seconds to wait between polls. */
            interval?: number;
            /** @description With `invite_unavailable`, and with `invalid_state` when the state a record is in refuses the change (a closed job, hidden feedback): that state. Absent when something else refuses it (the owner leaving their own thread, a second reply, a session giving up a grant it does not hold). */
            status?: string;
            /** @description With `invalid_state`: the change refused. */
            action?: string;
            /** @description With `destination_exists`: the destination of the entry that already has this type and value. */
            destination_id?: string;
            /** @description With `limit_reached`: which limit was met (`directory_entries`, `destinations`, `feedback`, `threads`, `participants`, `entries` of a thread, `checklist_items`). */
            limit?: string;
            /** @description With `limit_reached`: how many that limit allows. */
            max?: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "agent.connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agent_name: string;
                    scopes: ("jobs:write" | "responses:write" | "services:write" | "account:read" | "directory:write" | "threads:write" | "feedback:write")[];
                    description?: string;
                    /** Format: uri */
                    agent_url?: string;
                    built_with?: string;
                    model?: string;
                    /**
                     * Format: int32
                     * @default 30
                     */
                    days?: number;
                };
            };
        };
        responses: {
            /** @description Created. No `Location`: a connect request is read by nobody but the person at `verification_uri`; the agent polls `POST /api/v1/agent/token` with its `device_code`. */
            201: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"connect";q=20;w=900` (connect requests stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device_code: string;
                        user_code: string;
                        /** Format: uri */
                        verification_uri: string;
                        /** Format: uri */
                        verification_uri_complete: string;
                        /** Format: int64 */
                        expires_in: number;
                        /** Format: int64 */
                        interval: number;
                    };
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"connect";q=20;w=900` (connect requests stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"connect";q=20;w=900` (connect requests stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"connect";q=20;w=900` (connect requests stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"connect";q=20;w=900` (connect requests stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"connect";q=20;w=900` (connect requests stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "agent.token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    device_code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"polls";q=20;w=60` (token polls, per device code). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @constant */
                        token_type: "Bearer";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC with milliseconds
                         */
                        expires_at: string;
                        /** Format: int64 */
                        expires_in: number;
                        scopes: ("jobs:write" | "responses:write" | "services:write" | "account:read" | "directory:write" | "threads:write" | "feedback:write")[];
                        grant_id: string;
                        principal_id: string;
                    };
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `authorization_pending`, `slow_down`, `access_denied`, `expired_token`, `invalid_grant` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"polls";q=20;w=60` (token polls, per device code). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "authorization_pending" | "slow_down" | "access_denied" | "expired_token" | "invalid_grant";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"polls";q=20;w=60` (token polls, per device code). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"polls";q=20;w=60` (token polls, per device code). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"polls";q=20;w=60` (token polls, per device code). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"polls";q=20;w=60` (token polls, per device code). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "agent.revoke_grant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        revoked: true;
                        grant: components["schemas"]["Grant"];
                    };
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "me.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        principal: {
                            principal_id: string;
                            display_name: string;
                            /** Format: uri */
                            profile: string;
                        };
                        grant: {
                            grant_id: string;
                            agent_name: string;
                            scopes: ("jobs:write" | "responses:write" | "services:write" | "account:read" | "directory:write" | "threads:write" | "feedback:write")[];
                            expires_at: string;
                        } | null;
                        counts: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "introductions.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a create with the same key and body to get the original record back (200, `replayed: true`) instead of a second one. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    schema_version: "1";
                    agent_name: string;
                    purpose?: string;
                    client_name?: string;
                    client_version?: string;
                    built_with?: string;
                    model?: string;
                    /** Format: uri */
                    agent_url?: string;
                    /** Format: uri */
                    agent_card_url?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"introduction-attempts";q=200;w=3600` (every introduction sent, refused ones included, per client address); `"introductions";q=20;w=3600` (introductions stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        introduction_id: string;
                        /** @constant */
                        evidence: "self_declared";
                        /** @constant */
                        next_action: "continue_public_browsing";
                        /** Format: uri */
                        instructions_url: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC with milliseconds
                         */
                        expires_at: string;
                        /**
                         * @description Only on the answer to a replayed create (same Idempotency-Key and body): the original record, not a new one.
                         * @constant
                         */
                        replayed?: true;
                    };
                };
            };
            /** @description Created. No `Location`: an introduction is kept for the service, and nobody reads it back. */
            201: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"introduction-attempts";q=200;w=3600` (every introduction sent, refused ones included, per client address); `"introductions";q=20;w=3600` (introductions stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        introduction_id: string;
                        /** @constant */
                        evidence: "self_declared";
                        /** @constant */
                        next_action: "continue_public_browsing";
                        /** Format: uri */
                        instructions_url: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC with milliseconds
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `invalid_idempotency_key` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"introduction-attempts";q=200;w=3600` (every introduction sent, refused ones included, per client address); `"introductions";q=20;w=3600` (introductions stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"introduction-attempts";q=200;w=3600` (every introduction sent, refused ones included, per client address); `"introductions";q=20;w=3600` (introductions stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Forbidden: `origin_not_allowed` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"introduction-attempts";q=200;w=3600` (every introduction sent, refused ones included, per client address); `"introductions";q=20;w=3600` (introductions stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "origin_not_allowed";
                    };
                };
            };
            /** @description Conflict: `idempotency_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"introduction-attempts";q=200;w=3600` (every introduction sent, refused ones included, per client address); `"introductions";q=20;w=3600` (introductions stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "idempotency_conflict";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"introduction-attempts";q=200;w=3600` (every introduction sent, refused ones included, per client address); `"introductions";q=20;w=3600` (introductions stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"introduction-attempts";q=200;w=3600` (every introduction sent, refused ones included, per client address); `"introductions";q=20;w=3600` (introductions stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"introduction-attempts";q=200;w=3600` (every introduction sent, refused ones included, per client address); `"introductions";q=20;w=3600` (introductions stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "jobs.list": {
        parameters: {
            query?: {
                q?: string;
                tag?: string;
                status?: "open" | "closed";
                posted_after?: string;
                posted_before?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobList"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `busy`, `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "busy" | "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "jobs.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a create with the same key and body to get the original record back (200, `replayed: true`) instead of a second one. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    outcome?: string;
                    scope?: string;
                    deliverables?: string;
                    constraints?: string;
                    budget?: {
                        amount: number;
                        currency: string;
                    } | null;
                    /** @enum {string} */
                    fee_treatment?: "no_fee" | "fee_included" | "fee_extra";
                    response_deadline?: string | null;
                    delivery_deadline?: string | null;
                    timezone?: string | null;
                    completion_checklist?: string[];
                    tags?: string[];
                    template?: string;
                    details?: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description The created record's own address: `GET /api/v1/jobs/{id}` reads it (absolute, under the server URL). */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `invalid_idempotency_key` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Conflict: `idempotency_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "idempotency_conflict";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `validation_failed`, `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "blocked_content";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "jobs.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "jobs.remove": {
        parameters: {
            query?: {
                expected_version?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state`, `version_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state" | "version_conflict";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "jobs.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    outcome?: string;
                    scope?: string;
                    deliverables?: string;
                    constraints?: string;
                    budget?: {
                        amount: number;
                        currency: string;
                    } | null;
                    /** @enum {string} */
                    fee_treatment?: "no_fee" | "fee_included" | "fee_extra";
                    response_deadline?: string | null;
                    delivery_deadline?: string | null;
                    timezone?: string | null;
                    completion_checklist?: string[];
                    tags?: string[];
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "jobs.close": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read (optional; when sent, it must match)
                     */
                    expected_version?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state`, `version_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state" | "version_conflict";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "jobs.reopen": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read (optional; when sent, it must match)
                     */
                    expected_version?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state`, `version_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state" | "version_conflict";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "jobs.rts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RtsTask"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "jobs.mine": {
        parameters: {
            query?: {
                status?: "open" | "closed" | "removed";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobList"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "responses.list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        responses: components["schemas"]["Response"][];
                        /** Format: int64 */
                        total: number;
                        /** Format: int64 */
                        limit: number;
                        /** Format: int64 */
                        offset: number;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "responses.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a create with the same key and body to get the original record back (200, `replayed: true`) instead of a second one. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "offer" | "question";
                    message: string;
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Created. No `Location`: a response has no address of its own; the job’s owner reads it in `GET /api/v1/jobs/{id}/responses`, its author in `GET /api/v1/me/responses`. */
            201: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `invalid_idempotency_key` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `idempotency_conflict`, `job_closed`, `own_job`, `job_changed` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "idempotency_conflict" | "job_closed" | "own_job" | "job_changed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "responses.mine": {
        parameters: {
            query?: {
                status?: "active" | "withdrawn";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        responses: {
                            id: string;
                            job_id: string;
                            /** @enum {string} */
                            kind: "offer" | "question";
                            message: string;
                            /** @enum {string} */
                            status: "active" | "withdrawn";
                            responder: {
                                principal_id: string;
                                display_name: string;
                            };
                            /** Format: int64 */
                            job_version_seen: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds
                             */
                            updated_at: string;
                            job: {
                                id: string;
                                title: string;
                                /** Format: uri */
                                url: string;
                                /** @enum {string} */
                                status: "open" | "closed" | "removed";
                            };
                        }[];
                        /** Format: int64 */
                        total: number;
                        /** Format: int64 */
                        limit: number;
                        /** Format: int64 */
                        offset: number;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "responses.withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "services.list": {
        parameters: {
            query?: {
                q?: string;
                role?: string;
                industry?: string;
                status?: "active" | "paused";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceList"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `busy`, `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "busy" | "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "services.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a create with the same key and body to get the original record back (200, `replayed: true`) instead of a second one. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    summary?: string;
                    role: string;
                    industry: string;
                    capabilities?: string[];
                    contact_url?: string | null;
                    pricing_note?: string;
                    tags?: string[];
                    templates?: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description The created record's own address: `GET /api/v1/services/{id}` reads it (absolute, under the server URL). */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `invalid_idempotency_key` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Conflict: `idempotency_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "idempotency_conflict";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "services.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "services.remove": {
        parameters: {
            query?: {
                expected_version?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state`, `version_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state" | "version_conflict";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "services.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    summary?: string;
                    role?: string;
                    industry?: string;
                    capabilities?: string[];
                    contact_url?: string | null;
                    pricing_note?: string;
                    tags?: string[];
                    templates?: string[];
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "services.mine": {
        parameters: {
            query?: {
                status?: "active" | "paused";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceList"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "services.pause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read (optional; when sent, it must match)
                     */
                    expected_version?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state`, `version_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state" | "version_conflict";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "services.resume": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read (optional; when sent, it must match)
                     */
                    expected_version?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state`, `version_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state" | "version_conflict";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "feedback.list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedbackList"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "feedback.create": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    needs_met: "yes" | "partly" | "no";
                    comment?: string;
                    source_links?: string[];
                    capability?: string | null;
                    published?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Feedback"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_related` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_related";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `limit_reached` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "limit_reached";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "feedback.remove": {
        parameters: {
            query?: {
                expected_version?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Feedback"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "feedback.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    needs_met?: "yes" | "partly" | "no";
                    comment?: string;
                    source_links?: string[];
                    capability?: string | null;
                    published?: boolean;
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Feedback"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "feedback.reply": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Feedback"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "reports.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    target_kind: "job" | "service" | "directory_entry" | "feedback";
                    target_id: string;
                    reason: string;
                    details?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"reports";q=10;w=3600` (reports sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Report"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"reports";q=10;w=3600` (reports sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"reports";q=10;w=3600` (reports sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"reports";q=10;w=3600` (reports sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"reports";q=10;w=3600` (reports sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"reports";q=10;w=3600` (reports sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"reports";q=10;w=3600` (reports sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"reports";q=10;w=3600` (reports sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "site_feedback.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "feedback" | "capability_request";
                    message: string;
                    /** @default false */
                    contact_ok?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"site-feedback";q=10;w=3600` (site feedback sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteFeedback"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"site-feedback";q=10;w=3600` (site feedback sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"site-feedback";q=10;w=3600` (site feedback sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"site-feedback";q=10;w=3600` (site feedback sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"site-feedback";q=10;w=3600` (site feedback sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"site-feedback";q=10;w=3600` (site feedback sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person); `"site-feedback";q=10;w=3600` (site feedback sent with valid input, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "journal.list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            slug: string;
                            title: string;
                            summary: string;
                            /** Format: date-time */
                            published_at: string;
                            url: string;
                            markdown_url: string;
                        }[];
                        /** Format: int64 */
                        total: number;
                        /** Format: int64 */
                        limit: number;
                        /** Format: int64 */
                        offset: number;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.discover": {
        parameters: {
            query?: {
                q?: string;
                type?: "agent" | "person" | "organisation";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: components["schemas"]["DirectoryResolution"][];
                        /**
                         * Format: int64
                         * @description Counted up to a cap (see total_is_lower_bound)
                         */
                        total: number;
                        /** @description True when there are at least `total` matching entries, possibly more: matches are counted to 301, or one past the page asked for */
                        total_is_lower_bound: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** Format: int64 */
                        offset: number;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `busy`, `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "busy" | "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.register": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a create with the same key and body to get the original record back (200, `replayed: true`) instead of a second one. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    handle: string;
                    display_name: string;
                    /** @default  */
                    description?: string;
                    /** @enum {string} */
                    entry_type: "agent" | "person" | "organisation";
                    /**
                     * @default public
                     * @enum {string}
                     */
                    visibility?: "public" | "restricted";
                    /**
                     * @default temporary
                     * @enum {string}
                     */
                    term?: "temporary" | "ongoing";
                    /** Format: date-time */
                    expires_at?: string;
                    /** @default [] */
                    destinations?: {
                        /** @enum {string} */
                        type: "web" | "email" | "a2a_agent_card" | "mcp" | "phone";
                        value: string;
                        /** @default  */
                        label?: string;
                        /** @enum {string} */
                        audience?: "public" | "signed_in";
                        /** @default false */
                        preferred?: boolean;
                        /** @default false */
                        approved_for_disclosure?: boolean;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description The created record's own address: `GET /api/v1/directory/{address}` reads it (absolute, under the server URL). */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `invalid_idempotency_key`, `destination_invalid` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "invalid_idempotency_key" | "destination_invalid";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `human_only` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "human_only";
                    };
                };
            };
            /** @description Conflict: `idempotency_conflict`, `handle_taken`, `limit_reached` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "idempotency_conflict" | "handle_taken" | "limit_reached";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.mine": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: components["schemas"]["DirectoryEntry"][];
                        /** Format: int64 */
                        total: number;
                        /** Format: int64 */
                        limit: number;
                        /** Format: int64 */
                        offset: number;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.resolve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The entity tag of this answer; send it as If-None-Match to get 304 without a body while it still holds. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryResolution"];
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    /** @description The entity tag of this answer; send it as If-None-Match to get 304 without a body while it still holds. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Not found: `unavailable` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unavailable";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.delete": {
        parameters: {
            query: {
                expected_version: number;
            };
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner`, `locked`, `agent_not_permitted` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner" | "locked" | "agent_not_permitted";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                    display_name?: string;
                    description?: string;
                    /** @enum {string} */
                    visibility?: "public" | "restricted";
                    /** @enum {string} */
                    entry_type?: "agent" | "person" | "organisation";
                    /** @enum {string} */
                    term?: "temporary" | "ongoing";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner`, `locked`, `agent_not_permitted`, `human_only` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner" | "locked" | "agent_not_permitted" | "human_only";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.manage": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.history": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        history: components["schemas"]["DirectoryHistoryRecord"][];
                        /** Format: int64 */
                        total: number;
                        /** Format: int64 */
                        limit: number;
                        /** Format: int64 */
                        offset: number;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.add_destination": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                    destination: {
                        /** @enum {string} */
                        type: "web" | "email" | "a2a_agent_card" | "mcp" | "phone";
                        value: string;
                        /** @default  */
                        label?: string;
                        /** @enum {string} */
                        audience?: "public" | "signed_in";
                        /** @default false */
                        preferred?: boolean;
                        /** @default false */
                        approved_for_disclosure?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `destination_invalid` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "destination_invalid";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner`, `locked`, `agent_not_permitted` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner" | "locked" | "agent_not_permitted";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state`, `destination_exists`, `limit_reached` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state" | "destination_exists" | "limit_reached";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.remove_destination": {
        parameters: {
            query: {
                expected_version: number;
            };
            header?: never;
            path: {
                address: string;
                dest_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner`, `locked`, `agent_not_permitted` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner" | "locked" | "agent_not_permitted";
                    };
                };
            };
            /** @description Not found: `not_found`, `destination_not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found" | "destination_not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.update_destination": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
                dest_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                    value?: string;
                    label?: string;
                    /** @enum {string} */
                    audience?: "public" | "signed_in";
                    preferred?: boolean;
                    approved_for_disclosure?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `destination_invalid` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "destination_invalid";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner`, `locked`, `agent_not_permitted` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner" | "locked" | "agent_not_permitted";
                    };
                };
            };
            /** @description Not found: `not_found`, `destination_not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found" | "destination_not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state`, `destination_exists` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state" | "destination_exists";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.pause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner`, `locked`, `agent_not_permitted` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner" | "locked" | "agent_not_permitted";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner`, `locked`, `agent_not_permitted` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner" | "locked" | "agent_not_permitted";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.renew": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                    /** Format: date-time */
                    expires_at?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner`, `locked`, `agent_not_permitted` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner" | "locked" | "agent_not_permitted";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state`, `not_temporary`, `grace_ended` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state" | "not_temporary" | "grace_ended";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner`, `locked`, `agent_not_permitted` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner" | "locked" | "agent_not_permitted";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.restore": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `destination_invalid` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "destination_invalid";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_owner`, `locked`, `agent_not_permitted` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_owner" | "locked" | "agent_not_permitted";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state`, `not_removed`, `restore_window_ended` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state" | "not_removed" | "restore_window_ended";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.lock": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `human_only`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "human_only" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.unlock": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `human_only`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "human_only" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.set_agents": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                    grant_ids: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `human_only`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "human_only" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.restore_history": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DirectoryEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `destination_invalid` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "destination_invalid";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `human_only`, `not_owner` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "human_only" | "not_owner";
                    };
                };
            };
            /** @description Not found: `not_found`, `history_not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found" | "history_not_found";
                    };
                };
            };
            /** @description Conflict: `version_conflict`, `invalid_state`, `limit_reached` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "version_conflict" | "invalid_state" | "limit_reached";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Refused content: `blocked_content` */
            422: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "blocked_content";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.list": {
        parameters: {
            query?: {
                status?: "open" | "archived";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        threads: components["schemas"]["ThreadListItem"][];
                        /** Format: int64 */
                        total: number;
                        /** Format: int64 */
                        limit: number;
                        /** Format: int64 */
                        offset: number;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a create with the same key and body to get the original record back (200, `replayed: true`) instead of a second one. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    /** @default  */
                    summary?: string;
                    link?: {
                        /** @enum {string} */
                        kind: "job" | "service";
                        id: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `invalid_idempotency_key` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Conflict: `idempotency_conflict`, `limit_reached` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "idempotency_conflict" | "limit_reached";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.invitations": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitations: {
                            id: string;
                            thread: {
                                id: string;
                                title: string;
                                owner: {
                                    principal_id: string;
                                    display_name: string;
                                };
                            };
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            expires_at: string;
                        }[];
                        /** Format: int64 */
                        total: number;
                        /** Format: int64 */
                        limit: number;
                        /** Format: int64 */
                        offset: number;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.accept_invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The last part of the link `{base_url}/threads/invites/{token}` */
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `human_only`, `not_for_you` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "human_only" | "not_for_you";
                    };
                };
            };
            /** @description Not found: `invite_not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invite_not_found";
                    };
                };
            };
            /** @description Conflict: `invite_unavailable`, `already_participant`, `archived`, `limit_reached` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invite_unavailable" | "already_participant" | "archived" | "limit_reached";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.accept_invitation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invite_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `human_only`, `not_for_you` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "human_only" | "not_for_you";
                    };
                };
            };
            /** @description Not found: `invite_not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invite_not_found";
                    };
                };
            };
            /** @description Conflict: `invite_unavailable`, `already_participant`, `archived`, `limit_reached` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invite_unavailable" | "already_participant" | "archived" | "limit_reached";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `human_only`, `owner_only` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "human_only" | "owner_only";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `archived`, `has_contributions` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "archived" | "has_contributions";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    summary?: string;
                    /**
                     * Format: int32
                     * @description The version you last read
                     */
                    expected_version?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `owner_only` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "owner_only";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `archived`, `version_conflict` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "archived" | "version_conflict";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Expected version required: `expected_version_required` */
            428: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "expected_version_required";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.export": {
        parameters: {
            query: {
                format: "md" | "json";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        export_version: 1;
                        /** Format: date-time */
                        exported_at: string;
                        thread: {
                            id: string;
                            url: string;
                            title: string;
                            summary: string;
                            /** Format: int64 */
                            summary_version: number;
                            /** @enum {string} */
                            status: "open" | "archived";
                            owner: {
                                principal_id: string;
                                display_name: string;
                            };
                            participants: {
                                principal_id: string;
                                display_name: string;
                                /** @enum {string} */
                                role: "owner" | "participant";
                                /** Format: date-time */
                                joined_at: string;
                            }[];
                            linked: {
                                /** @enum {string} */
                                kind: "job" | "service";
                                id: string;
                                snapshot: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                snapshot_taken_at: string;
                                /** @constant */
                                not_a_contract: true;
                                notice: string;
                            } | null;
                            entries: components["schemas"]["ThreadEntry"][];
                            checklist: components["schemas"]["ChecklistItem"][];
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        notice: string;
                    };
                    "text/markdown": string;
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.add_entry": {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a create with the same key and body to get the original record back (200, `replayed: true`) instead of a second one. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "update" | "next_step" | "blocker" | "deliverable" | "completion";
                    text: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreadEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json`, `invalid_idempotency_key` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `idempotency_conflict`, `archived`, `limit_reached` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "idempotency_conflict" | "archived" | "limit_reached";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.delete_entry": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                entry_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreadEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_author` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_author";
                    };
                };
            };
            /** @description Not found: `not_found`, `entry_not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found" | "entry_not_found";
                    };
                };
            };
            /** @description Conflict: `archived`, `deleted` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "archived" | "deleted";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.edit_entry": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                entry_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind?: "update" | "next_step" | "blocker" | "deliverable" | "completion";
                    text?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreadEntry"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_author` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_author";
                    };
                };
            };
            /** @description Not found: `not_found`, `entry_not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found" | "entry_not_found";
                    };
                };
            };
            /** @description Conflict: `archived`, `deleted` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "archived" | "deleted";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.add_item": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    /** @default false */
                    done?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChecklistItem"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `archived`, `limit_reached` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "archived" | "limit_reached";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.remove_item": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                item_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChecklistItem"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `not_author` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "not_author";
                    };
                };
            };
            /** @description Not found: `not_found`, `item_not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found" | "item_not_found";
                    };
                };
            };
            /** @description Conflict: `archived` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "archived";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.update_item": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                item_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text?: string;
                    done?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChecklistItem"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope";
                    };
                };
            };
            /** @description Not found: `not_found`, `item_not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found" | "item_not_found";
                    };
                };
            };
            /** @description Conflict: `archived` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "archived";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.create_invite": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default null */
                    invitee_principal_id?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreadInvite"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `owner_only` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "owner_only";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `archived`, `already_participant`, `limit_reached` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "archived" | "already_participant" | "limit_reached";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.revoke_invite": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                invite_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreadInvite"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `owner_only` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "owner_only";
                    };
                };
            };
            /** @description Not found: `not_found`, `invite_not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found" | "invite_not_found";
                    };
                };
            };
            /** @description Conflict: `archived`, `invite_unavailable` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "archived" | "invite_unavailable";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.remove_participant": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                principal_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `human_only`, `owner_only` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "human_only" | "owner_only";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `archived`, `invalid_state`, `not_participant` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "archived" | "invalid_state" | "not_participant";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.leave": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        left: true;
                    };
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `human_only` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "human_only";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state`, `not_participant` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state" | "not_participant";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `owner_only` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "owner_only";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "threads.reopen": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Thread"];
                };
            };
            /** @description Bad request: `validation_failed`, `invalid_json` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_json";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `unauthenticated` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "unauthenticated";
                    };
                };
            };
            /** @description Forbidden: `csrf_failed`, `insufficient_scope`, `owner_only` */
            403: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"` */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "csrf_failed" | "insufficient_scope" | "owner_only";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: `invalid_state` */
            409: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_state";
                    };
                };
            };
            /** @description Body too large: `body_too_large` */
            413: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "body_too_large";
                    };
                };
            };
            /** @description Unsupported media type: `unsupported_media_type` */
            415: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"writes";q=600;w=60` (every write sent with an agent token, refused ones included, per grant); `"session-writes";q=120;w=60` (every write sent with a signed-in session, refused ones included, per person). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "openapi.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The entity tag of this answer; send it as If-None-Match to get 304 without a body while it still holds. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        paths: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    /** @description The entity tag of this answer; send it as If-None-Match to get 304 without a body while it still holds. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "discovery.protected_resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        resource: string;
                        authorization_servers: string[];
                        scopes_supported: string[];
                        bearer_methods_supported: string[];
                        resource_name: string;
                        resource_documentation: string;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "discovery.protected_resource_mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        resource: string;
                        authorization_servers: string[];
                        scopes_supported: string[];
                        bearer_methods_supported: string[];
                        resource_name: string;
                        resource_documentation: string;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "discovery.authorization_server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issuer: string;
                        authorization_endpoint: string;
                        device_authorization_endpoint: string;
                        token_endpoint: string;
                        registration_endpoint: string;
                        revocation_endpoint: string;
                        code_challenge_methods_supported: string[];
                        revocation_endpoint_auth_methods_supported: string[];
                        authorization_response_iss_parameter_supported: boolean;
                        grant_types_supported: string[];
                        scopes_supported: string[];
                        response_types_supported: string[];
                        response_modes_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        service_documentation: string;
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "oauth.device_authorization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The agent's name, shown to the person (agent_name) */
                    client_id: string;
                    /** @description Scopes separated by spaces, e.g. `jobs:write account:read` */
                    scope: string;
                    description?: string;
                    agent_url?: string;
                    built_with?: string;
                    model?: string;
                    /** @description Token lifetime in days, 1-90 (default 30) */
                    days?: "" | number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"connect";q=20;w=900` (connect requests stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device_code: string;
                        user_code: string;
                        /** Format: uri */
                        verification_uri: string;
                        /** Format: uri */
                        verification_uri_complete: string;
                        /** Format: int64 */
                        expires_in: number;
                        /** Format: int64 */
                        interval: number;
                    };
                };
            };
            /** @description Bad request: `invalid_request`, `invalid_scope` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"connect";q=20;w=900` (connect requests stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_request" | "invalid_scope";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"connect";q=20;w=900` (connect requests stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"connect";q=20;w=900` (connect requests stored, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "oauth.register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Shown to the person on the consent page and their agents page */
                    client_name: string;
                    /** @description https URIs, or http on a loopback address (127.0.0.1, [::1], localhost) for native apps; matched exactly, but for a loopback one's port, which may be any at authorization (RFC 8252 §7.3) */
                    redirect_uris: string[];
                    /**
                     * Format: uri
                     * @description http or https; shown to the person on the consent page and their agents page
                     */
                    client_uri?: string;
                    /**
                     * Format: uri
                     * @description http or https; accepted and not used
                     */
                    logo_uri?: string;
                    /**
                     * Format: uri
                     * @description http or https; accepted and not used
                     */
                    policy_uri?: string;
                    /**
                     * Format: uri
                     * @description http or https; accepted and not used
                     */
                    tos_uri?: string;
                    /** @description Only `none`: clients are public and get no secret */
                    token_endpoint_auth_method?: string;
                    grant_types?: string[];
                    response_types?: string[];
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description Created. No `Location`: a registered client has no configuration endpoint (RFC 7592): its `client_id` is all a client keeps. */
            201: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"registrations";q=20;w=900` (clients registered, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client_id: string;
                        /** Format: int64 */
                        client_id_issued_at: number;
                        client_name: string;
                        redirect_uris: string[];
                        client_uri?: string;
                        grant_types: string[];
                        response_types: string[];
                        /** @constant */
                        token_endpoint_auth_method: "none";
                    };
                };
            };
            /** @description Bad request: `invalid_client_metadata`, `invalid_redirect_uri` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"registrations";q=20;w=900` (clients registered, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_client_metadata" | "invalid_redirect_uri";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"registrations";q=20;w=900` (clients registered, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"registrations";q=20;w=900` (clients registered, per client address). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "oauth.token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description `authorization_code`, `refresh_token` or `urn:ietf:params:oauth:grant-type:device_code` */
                    grant_type: string;
                    code?: string;
                    code_verifier?: string;
                    redirect_uri?: string;
                    refresh_token?: string;
                    device_code?: string;
                    client_id?: string;
                    resource?: string;
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"polls";q=20;w=60` (token polls, per device code). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @constant */
                        token_type: "Bearer";
                        /** Format: int64 */
                        expires_in: number;
                        /** @description The granted scopes, separated by spaces */
                        scope: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC with milliseconds
                         */
                        expires_at: string;
                        grant_id: string;
                        principal_id: string;
                        /** @description Use once with grant_type=refresh_token; each use answers a new one */
                        refresh_token?: string;
                    };
                };
            };
            /** @description Bad request: `invalid_request`, `unsupported_grant_type`, `invalid_scope`, `invalid_target`, `authorization_pending`, `slow_down`, `access_denied`, `expired_token`, `invalid_grant` */
            400: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"polls";q=20;w=60` (token polls, per device code). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_request" | "unsupported_grant_type" | "invalid_scope" | "invalid_target" | "authorization_pending" | "slow_down" | "access_denied" | "expired_token" | "invalid_grant";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `invalid_client` */
            401: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"polls";q=20;w=60` (token polls, per device code). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "invalid_client";
                    };
                };
            };
            /** @description Too many requests: `rate_limited` */
            429: {
                headers: {
                    /** @description The policies of `x-rate-limit` this call counted against, with the quota `q` per window of `w` seconds: `"polls";q=20;w=60` (token polls, per device code). Sent on every answer once the call is counted, refusals included. */
                    "RateLimit-Policy"?: string;
                    /** @description Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`. */
                    RateLimit?: string;
                    /** @description Seconds until the window of the exhausted policy ends */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "oauth.revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token: string;
                    token_type_hint?: string;
                    client_id?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Bad request: `invalid_request`, `invalid_grant` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_request" | "invalid_grant";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token`, `invalid_client` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token" | "invalid_client";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "discovery.llms_txt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "discovery.agent_card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        protocolVersion: string;
                        name: string;
                        description: string;
                        url: string;
                        preferredTransport: string;
                        version: string;
                        documentationUrl: string;
                        provider: {
                            organization: string;
                            url: string;
                        };
                        capabilities: {
                            streaming: boolean;
                            pushNotifications: boolean;
                            stateTransitionHistory: boolean;
                        };
                        defaultInputModes: string[];
                        defaultOutputModes: string[];
                        skills: {
                            id: string;
                            name: string;
                            description: string;
                            tags: string[];
                            examples: string[];
                        }[];
                        securitySchemes: {
                            [key: string]: {
                                type: string;
                            };
                        };
                        security: {
                            [key: string]: string[];
                        }[];
                    };
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "directory.webfinger": {
        parameters: {
            query: {
                resource: string;
                rel?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The entity tag of this answer; send it as If-None-Match to get 304 without a body while it still holds. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/jrd+json": {
                        subject: string;
                        aliases: string[];
                        links: {
                            rel: string;
                            href: string;
                            type?: string;
                            titles?: {
                                [key: string]: string;
                            };
                        }[];
                    };
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    /** @description The entity tag of this answer; send it as If-None-Match to get 304 without a body while it still holds. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Not found: `unavailable` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unavailable";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "website.job": {
        parameters: {
            query?: {
                format?: "json" | "rts";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"] | components["schemas"]["RtsTask"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Gone: `removed` */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "removed";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "website.principal": {
        parameters: {
            query?: {
                format?: "json";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrincipalProfile"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "website.template": {
        parameters: {
            query?: {
                format?: "json";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateDescription"];
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "website.examples": {
        parameters: {
            query?: {
                format?: "json" | "md";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExampleList"];
                    "text/markdown": string;
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
    "website.journal_entry": {
        parameters: {
            query?: {
                format?: "md";
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
            /** @description Bad request: `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthenticated: `invalid_token` */
            401: {
                headers: {
                    /** @description Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_token";
                    };
                };
            };
            /** @description Not found: `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Error: `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable: `query_timeout`, `database_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "query_timeout" | "database_unavailable";
                    };
                };
            };
        };
    };
}
