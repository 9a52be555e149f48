// Renders an e-mail: its subject, its HTML part (MJML) and its text part, in one language.
//
// MJML takes tens of milliseconds per document, so each template is compiled once per language
// and per set of optional blocks shown, with `{{var}}` markers where values go; rendering a mail
// is then a string substitution. Values are escaped for HTML as they are put in (they are
// names, listing names, messages: anything a user typed); the static texts were escaped when the
// MJML source was built. The text part is written from the same blocks, not scraped from HTML.
// Every value is put in on one line and bounded, in every part: a name with line breaks (a row
// written before one-line fields were checked, a sign-in provider's) cannot start a paragraph of
// its own in a mail sent under the service's name.
import { TEMPLATES, type Block, type TemplateName } from './templates.ts';
import { en, type Messages } from './translations/en.ts';
import { fr } from './translations/fr.ts';
import {
  formatDate,
  formatDuration,
  formatMoney,
  isDate,
  isDuration,
  isMoney,
  isPresent,
  isWord,
  type Vars,
} from './format.ts';
import type { Locale } from './locales.ts';
import { toOneLine } from '../../platform/one-line.ts';

/** The longest a value may run in a mail, in characters (a rejection reason is at most 1000). */
export const VALUE_MAX = 1000;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const MESSAGES: Record<Locale, Messages> = { en, fr };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const BRAND = '#2357d9';
const INK = '#1d2330';
const MUTED = '#5b6472';

/** Static text → MJML: escaped, with each `{var}` turned into the `{{var}}` marker filled at rendering. */
const markup = (s: string) => escapeHtml(s).replace(/\{(\w+)\}/g, '{{$1}}');

function blockMjml(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return `<mj-text font-size="22px" font-weight="700" line-height="1.3" padding-bottom="12px">${markup(b.text)}</mj-text>`;
    case 'text':
      return `<mj-text>${markup(b.text)}</mj-text>`;
    case 'code':
      return (
        `<mj-text align="center" font-size="30px" font-weight="700" letter-spacing="6px" font-family="ui-monospace, Menlo, Consolas, monospace" ` +
        `container-background-color="#eef2fd" padding="14px 25px">${markup(b.text)}</mj-text>`
      );
    case 'details':
      return (
        `<mj-table font-size="15px" line-height="1.5" color="${INK}" cellpadding="4px">` +
        b.rows
          .map(
            (r) =>
              `<tr><td width="1%" style="color:${MUTED};padding:4px 20px 4px 0;vertical-align:top;white-space:nowrap">${markup(r.label)}</td>` +
              `<td style="padding:4px 0;font-weight:600">${markup(r.value)}</td></tr>`,
          )
          .join('') +
        '</mj-table>'
      );
    case 'button':
      return (
        `<mj-button href="${markup(b.href)}" background-color="${BRAND}" color="#ffffff" border-radius="6px" font-size="15px" ` +
        `font-weight="600" align="left" inner-padding="12px 22px">${markup(b.label)}</mj-button>`
      );
    case 'note':
      return `<mj-text font-size="13px" color="${MUTED}">${markup(b.text)}</mj-text>`;
  }
}

// System fonts only: MJML links Google Fonts for the web fonts it knows (Roboto, Open Sans…) when
// they are named, and a mail should fetch nothing.
function documentMjml(locale: Locale, m: Messages, blocks: Block[], subject: string): string {
  const heading = blocks.find((b) => b.kind === 'heading');
  return (
    `<mjml lang="${locale}"><mj-head><mj-title>${markup(subject)}</mj-title>` +
    (heading && heading.kind === 'heading' ? `<mj-preview>${markup(heading.text)}</mj-preview>` : '') +
    `<mj-attributes><mj-all font-family="-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" />` +
    `<mj-text color="${INK}" font-size="15px" line-height="1.55" /></mj-attributes></mj-head>` +
    `<mj-body background-color="#f4f5f7" width="600px">` +
    `<mj-section padding="24px 0 8px"><mj-column><mj-text font-size="18px" font-weight="700" color="${BRAND}">{{product}}</mj-text></mj-column></mj-section>` +
    `<mj-section background-color="#ffffff" border-radius="12px" padding="16px 0"><mj-column>${blocks.map(blockMjml).join('')}</mj-column></mj-section>` +
    `<mj-section padding="8px 0 24px"><mj-column><mj-text font-size="12px" color="${MUTED}">${markup(m.common.footer)}</mj-text></mj-column></mj-section>` +
    `</mj-body></mjml>`
  );
}

/** The template's blocks with the optional ones whose value is missing left out, and the cache key of that shape. */
function shape(template: TemplateName, locale: Locale, vars: Vars): { blocks: Block[]; key: string } {
  const shown: string[] = [];
  const keep = (when: string | undefined) => {
    if (when === undefined) return true;
    const present = isPresent(vars[when]);
    if (present) shown.push(when);
    return present;
  };
  const blocks: Block[] = [];
  for (const b of TEMPLATES[template](MESSAGES[locale])) {
    if (b.kind === 'details') blocks.push({ ...b, rows: b.rows.filter((r) => keep(r.when)) });
    else if (!('when' in b) || keep(b.when)) blocks.push(b);
  }
  return { blocks, key: `${template}|${locale}|${[...new Set(shown)].sort().join(',')}` };
}

const compiled = new Map<string, Promise<string>>();

// MJML takes most of a second to load: loaded on the first compilation (or by warmEmailRendering),
// so a process that sends no mail (a test, a script) never pays for it.
let mjml: Promise<typeof import('mjml').default> | undefined;
const loadMjml = () => (mjml ??= import('mjml').then((m) => m.default));

function compile(key: string, source: string): Promise<string> {
  let html = compiled.get(key);
  if (!html) {
    html = loadMjml()
      .then((mjml2html) => mjml2html(source, { validationLevel: 'strict' }))
      .then((r) => r.html);
    // A failed compilation is not kept: the next mail tries again (and fails loudly again).
    html.catch(() => compiled.delete(key));
    compiled.set(key, html);
  }
  return html;
}

/** How many template shapes are compiled (tests check the cache is used). */
export const compiledCount = () => compiled.size;

/** The values as the recipient reads them: dates, amounts and durations for the locale, words in its language, each on one line. */
function formatVars(vars: Vars, locale: Locale, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(vars)) {
    if (v === null || v === undefined) continue;
    const text = isMoney(v)
      ? formatMoney(v.money.minor, v.money.currency, v.money.decimals, locale)
      : isDate(v)
        ? formatDate(v.date, locale, timeZone)
        : isWord(v)
          ? ((MESSAGES[locale].words as Record<string, string>)[v.word] ?? v.word)
          : isDuration(v)
            ? formatDuration(v.duration.seconds, locale)
            : String(v);
    out[k] = toOneLine(text, VALUE_MAX);
  }
  return out;
}

const fill = (s: string, values: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

function blockText(b: Block, values: Record<string, string>, m: Messages): string {
  switch (b.kind) {
    case 'heading':
      return fill(b.text, values);
    case 'text':
    case 'note':
      return fill(b.text, values);
    case 'code':
      return `    ${fill(b.text, values)}`;
    case 'details':
      return b.rows.map((r) => `${fill(r.label, values)}${m.common.labelSeparator}${fill(r.value, values)}`).join('\n');
    case 'button':
      return `${fill(b.label, values)}${m.common.labelSeparator}${fill(b.href, values)}`;
  }
}

export interface RenderOptions {
  /** Where instants (a payment's time) are shown; calendar dates need none. Default UTC. */
  timeZone?: string;
}

/** Renders `template` in `locale` with `vars` (which should include `product` and `name`). */
export async function renderEmail(
  template: TemplateName,
  locale: Locale,
  vars: Vars,
  opts: RenderOptions = {},
): Promise<RenderedEmail> {
  const m = MESSAGES[locale];
  const values = formatVars(vars, locale, opts.timeZone ?? 'UTC');
  // One-line values make a one-line subject: a header never carries a line break.
  const subject = fill(m.templates[template].subject, values).trim();
  const { blocks, key } = shape(template, locale, vars);
  const skeleton = await compile(key, documentMjml(locale, m, blocks, m.templates[template].subject));
  const html = skeleton.replace(/\{\{(\w+)\}\}/g, (_, k: string) => escapeHtml(values[k] ?? ''));
  const text = `${[...blocks.map((b) => blockText(b, values, m)), '--', fill(m.common.footer, values)].join('\n\n')}\n`;
  return { subject, html, text };
}

/** Loads MJML and compiles the mails people wait for (the codes), so the first one is not slow. */
export async function warmEmailRendering(): Promise<void> {
  for (const locale of Object.keys(MESSAGES) as Locale[]) {
    await renderEmail('verification-code', locale, { product: '', name: '', code: '', valid_for: null });
    await renderEmail('password-reset-code', locale, { product: '', name: '', code: '', valid_for: null, link: 'x' });
  }
}
