import { HTMLElement, parse, type Node } from 'node-html-parser';

/**
 * A rendered page, queried with CSS selectors instead of regular expressions over its markup.
 *
 * `text` is what a reader sees: entities decoded, runs of whitespace made one space, trimmed. A query
 * that must find something (`one`, `field`) throws, naming the selector, so a test fails where the
 * page differs rather than on an `undefined` later. Tests that must see the raw bytes (escaping,
 * headers, no inline script) keep matching the markup itself.
 *
 *   const page = parseHtml(res.body);
 *   page.text('h1');                       // 'Your account'
 *   page.attr('a.button', 'href');         // '/jobs/new'
 *   page.field('details.age').error;       // the message under the field
 *   page.links().find((l) => l.text === 'Keep it')?.href;
 */
export interface HtmlPage {
  /** The parsed document, for queries the helpers below do not cover. */
  root: HTMLElement;
  /** The first element matching `selector`, or undefined. */
  find(selector: string): HTMLElement | undefined;
  /** The first element matching `selector`; throws when there is none. */
  one(selector: string): HTMLElement;
  /** Every element matching `selector`, in document order. */
  all(selector: string): HTMLElement[];
  /** The visible text of the first match, or undefined when nothing matches. */
  text(selector: string): string | undefined;
  /** The visible text of every match. */
  texts(selector: string): string[];
  /** An attribute of the first match (decoded), or undefined. */
  attr(selector: string, name: string): string | undefined;
  /** A form field by its name as posted (`details.age`, or with the form's id prefix: `recovery-current_password`). */
  field(name: string): HtmlField;
  /** Every link: its href (decoded) and visible text. With `within`, only the links inside that element. */
  links(within?: string): { href: string; text: string }[];
  /** The hidden CSRF token of the first form on the page. */
  csrf(): string;
  /** The name and value of every `<input>` that has a value, as the form would post it. */
  inputs(within?: string): Record<string, string>;
}

/** A form control rendered by the website's form kit, with its message. */
export interface HtmlField {
  control: HTMLElement;
  /** An input's value, a textarea's text, a select's chosen option's value. */
  value: string | undefined;
  /** The message under the field (`<small class="field-error">`), or undefined. */
  error: string | undefined;
}

/** Elements that run on within a line; every other element's text stands apart from its neighbours'. */
const INLINE = new Set(['a', 'abbr', 'b', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var']);

const textOf = (node: Node): string =>
  node instanceof HTMLElement
    ? INLINE.has(node.rawTagName.toLowerCase())
      ? node.childNodes.map(textOf).join('')
      : ` ${node.childNodes.map(textOf).join('')} `
    : node.text;

/** Text as a reader sees it: entities decoded, blocks apart, inline elements run into their words, whitespace collapsed. */
export const visibleText = (element: HTMLElement): string => element.childNodes.map(textOf).join('').replace(/\s+/g, ' ').trim();

/** The links inside an element: each one's href (decoded) and visible text. */
export const linksIn = (element: HTMLElement): { href: string; text: string }[] =>
  element.querySelectorAll('a[href]').map((a) => ({ href: a.getAttribute('href')!, text: visibleText(a) }));

export const parseHtml = (html: string): HtmlPage => {
  // `pre` and `noscript` are parsed as markup (the default keeps them as raw text); scripts and styles stay text.
  const root = parse(html, { comment: false, blockTextElements: { script: true, style: true } });
  const find = (selector: string) => root.querySelector(selector) ?? undefined;
  const one = (selector: string) => {
    const found = find(selector);
    if (!found) throw new Error(`no element matches ${selector}`);
    return found;
  };
  const all = (selector: string) => root.querySelectorAll(selector);
  const scope = (within?: string) => (within ? one(within) : root);
  const field = (name: string): HtmlField => {
    const id = `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
    const control = one(`input[id="${id}"], textarea[id="${id}"], select[id="${id}"]`);
    const error = find(`[id="${id}-error"].field-error`);
    const tag = control.tagName.toLowerCase();
    const value =
      tag === 'textarea' ? control.textContent : tag === 'select' ? (control.querySelector('option[selected]') ?? control.querySelector('option'))?.getAttribute('value') : control.getAttribute('value');
    return { control, value, error: error ? visibleText(error) : undefined };
  };
  return {
    root,
    find,
    one,
    all,
    text: (selector) => {
      const found = find(selector);
      return found ? visibleText(found) : undefined;
    },
    texts: (selector) => all(selector).map(visibleText),
    attr: (selector, name) => find(selector)?.getAttribute(name),
    field,
    links: (within) => linksIn(scope(within)),
    csrf: () => one('input[name="_csrf"]').getAttribute('value')!,
    inputs: (within) =>
      Object.fromEntries(
        scope(within)
          .querySelectorAll('input[name][value]')
          .map((input) => [input.getAttribute('name')!, input.getAttribute('value')!]),
      ),
  };
};

/** The code an error page gives as its reference: the `<code>` right after "Reference: ". */
export const referenceOf = (html: string): string | undefined =>
  parseHtml(html)
    .all('code')
    .find((code) => code.previousSibling?.textContent.endsWith('Reference: '))?.textContent;
