import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { birthdayParty } from '../src/birthday-party.ts';
import { createTemplateRegistry } from '../src/templates.service.ts';
import { defineTemplate } from '../src/template.ts';
import { failure, partyDetails } from '../src/testing.ts';

describe('template registry', () => {
  const registry = createTemplateRegistry();

  it('offers birthday-party by default', () => {
    expect(registry.list().map((template) => template.id)).toEqual(['birthday-party']);
    expect(registry.get('birthday-party')).toBe(birthdayParty);
    expect(registry.get('wedding')).toBeUndefined();
  });

  it('expands details for a template', () => {
    expect(registry.expand('birthday-party', partyDetails())).toEqual(birthdayParty.expand(partyDetails()));
  });

  it('refuses an unknown template with validation_failed naming template', () => {
    const error = failure(() => registry.expand('wedding', {}));
    expect(error.code).toBe('validation_failed');
    expect(error.extras.details).toEqual([{ path: 'template', message: expect.stringContaining('birthday-party') }]);
  });

  it('takes a second template from one definition, without touching the first', () => {
    const tutoring = defineTemplate({
      id: 'tutoring',
      title: 'Tutoring',
      description: 'Find a tutor.',
      detailsSchema: v.strictObject({ subject: v.pipe(v.string(), v.maxLength(50)) }),
      constraintsClause: 'Lessons happen in public places.',
      exampleDetails: { subject: 'maths' },
      fill: ({ subject }) => ({
        title: `Tutoring in ${subject}`,
        outcome: '',
        scope: '',
        deliverables: '',
        completion_checklist: [],
        tags: ['tutoring'],
      }),
    });
    const both = createTemplateRegistry([birthdayParty, tutoring]);
    expect(both.list().map((template) => template.id)).toEqual(['birthday-party', 'tutoring']);
    expect(both.expand('tutoring', { subject: 'maths' }).fill.title).toBe('Tutoring in maths');
    expect(failure(() => both.expand('tutoring', { subject: 'x'.repeat(51) })).extras.details?.[0]?.path).toBe('details.subject');
  });

  it('refuses two templates with one id', () => {
    expect(() => createTemplateRegistry([birthdayParty, birthdayParty])).toThrow(/birthday-party/);
  });
});
