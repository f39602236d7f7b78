import type { Actor } from '@svc/kernel';

/** Markup that is already safe; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const render = (value: unknown): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
};

/** A tagged template that escapes every interpolated value unless it is SafeHtml (or a list of it). */
export const html = (strings: TemplateStringsArray, ...values: unknown[]): SafeHtml =>
  new SafeHtml(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]) : ''), ''));

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 0 auto; padding: 1rem; color: #1d1d1f; }
  header { display: flex; gap: 1rem; align-items: baseline; border-bottom: 1px solid #ddd; margin-bottom: 1.5rem; padding-bottom: .5rem; }
  header .who { margin-left: auto; }
  .notice { background: #fff8e1; border-left: 4px solid #f0b400; padding: .5rem .75rem; }
  .muted { color: #666; } .declared { font-style: italic; }
  form.inline { display: inline; }
  label { display: block; margin: .5rem 0; } input { font: inherit; padding: .3rem; }
  button { font: inherit; padding: .3rem .9rem; cursor: pointer; }
  table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: .3rem; border-bottom: 1px solid #eee; }
`;

/** The page frame: site header with the signed-in person (or sign-in links), then the content. */
export const layout = (title: string, content: SafeHtml, actor: Actor | null = null): string =>
  html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Task-and-Directory Service</title><style>${new SafeHtml(STYLE)}</style></head>
<body>
<header><a href="/"><strong>Task-and-Directory</strong></a><a href="/agents">For agents</a>
<span class="who">${
    actor
      ? html`<a href="/account">${actor.displayName}</a> <form class="inline" method="post" action="/auth/logout"><button>Sign out</button></form>`
      : html`<a href="/login">Sign in</a> · <a href="/signup">Sign up</a>`
  }</span></header>
<main>${content}</main>
</body></html>`.value;
