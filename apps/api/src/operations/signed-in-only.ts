/**
 * A signed-in person's own action, on the website only: a session, never a token (an agent token gets
 * 403 `human_only`), so it is no tool and no capability agents are shown.
 */
export const SIGNED_IN_ONLY = { auth: 'human_only', websiteOnly: true } as const;
