import { notFound } from '@svc/kernel';
import type { AppRouter, Services } from '@svc/runtime';
import { labelOf, limitsInWords } from '../components/templates/details-fields.tsx';
import { StackedTable } from '../kit/blocks.tsx';
import { renderPage } from '../kit/render.tsx';
import { page } from '../http/respond.ts';

/** Template descriptions: `?format=json` for agents (the details schema, defaults and clause), a readable page for people. */
export const registerTemplatesRoutes = (router: AppRouter, { templates }: Services): void => {
  router.get(
    '/templates/:id',
    page(async (ctx) => {
      const template = templates.get(ctx.params.id);
      if (!template) throw notFound('template');
      const description = template.describe();
      if (ctx.query.format === 'json' || ctx.accepts('json', 'html') === 'json') {
        ctx.body = description;
        return;
      }
      const fields = description.details.fields ?? [];
      renderPage(ctx, {
        title: template.title,
        description: template.description,
        body: (
          <>
            <h1>{template.title}</h1>
            <p>{template.description}</p>
            <p class="actions">
              <a href={`/jobs/new?template=${template.id}`} class="button">
                Post a {template.title.toLowerCase()} job
              </a>
              <a href={`/templates/${template.id}?format=json`}>Description for agents (JSON)</a>
            </p>
            <h2>The details you give</h2>
            <StackedTable columns={['Detail', 'Needed?', 'What to write']}>
              {fields.map((field) => (
                <tr>
                  <td data-label="Detail">{labelOf(field.name!)}</td>
                  <td data-label="Needed?">{field.required ? 'Required' : 'Optional'}</td>
                  <td data-label="What to write">
                    {[field.description, limitsInWords(field)].filter(Boolean).join(' ')}
                    {field.fields ? ` Give ${field.fields.map((part) => labelOf(part.name!).toLowerCase()).join(' and ')}.` : ''}
                  </td>
                </tr>
              ))}
            </StackedTable>
            <h2>What the template fills in</h2>
            <p>
              Whatever you leave blank of {description.fills_when_blank.map((name) => name.replace(/_/g, ' ')).join(', ')} is written for
              you from the details. For example, the example details give the title “{description.example.defaults.title}”.
            </p>
            <h2>The planning-only rule</h2>
            <p>Every job from this template carries this clause in its constraints, whatever else you write:</p>
            <blockquote>{description.constraints_clause}</blockquote>
          </>
        ),
      });
    }),
  );
};
