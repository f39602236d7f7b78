import { DAY_MS, parseInput, toIso } from '@svc/kernel';
import type { AccessDeps } from './access.deps.ts';
import { introductionSchema, type IntroductionInput } from './access.schemas.ts';

export const INTRODUCTION_DAYS = 30;

/** Self-declared agent introductions: recorded, expiring, granting nothing. */
export interface IntroductionsService {
  /** Checks an introduction without storing it: 400 `validation_failed` naming each bad field. */
  validate(input: unknown): IntroductionInput;
  /** Records a valid introduction for `INTRODUCTION_DAYS`; it grants nothing and points the agent to the public pages. */
  create(input: unknown): Promise<{
    introduction_id: string;
    evidence: 'self_declared';
    next_action: 'continue_public_browsing';
    instructions_url: string;
    expires_at: string;
  }>;
}

export const createIntroductionsService = ({ repo, clock, ids, baseUrl }: Pick<AccessDeps, 'repo' | 'clock' | 'ids' | 'baseUrl'>): IntroductionsService => ({
  validate: (input: unknown) => parseInput(introductionSchema, input),
  create: async (input: unknown) => {
    const introduction = parseInput(introductionSchema, input);
    const now = clock.now();
    const record = {
      id: ids('int'),
      agentName: introduction.agent_name,
      details: introduction as Record<string, unknown>,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INTRODUCTION_DAYS * DAY_MS),
    };
    await repo.insertIntroduction(record);
    return {
      introduction_id: record.id,
      evidence: 'self_declared' as const,
      next_action: 'continue_public_browsing' as const,
      instructions_url: `${baseUrl}/agents`,
      expires_at: toIso(record.expiresAt),
    };
  },
});
