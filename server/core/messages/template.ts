/**
 * A message's template (decision 076): text with variables in braces and links. Pure, so the console's check, the
 * preview, the test send and the queue render it the same way.
 *
 * Variables: {имя} the member's first name («друг» when not given); {баланс} the bonus balance («120 бонусов»);
 * {сгорает} the bonuses that expire next («40 бонусов», «0 бонусов» when none); {дата_сгорания} their day
 * («15.12.2026», «—» when none); {купон} a personal coupon's code issued for the member from the campaign's coupon
 * promo (needs one). Anything else in braces is refused. Links (http:// or https://, up to a space) are rewritten
 * to tracked short links `/r/<code><n>`, n the link's place in the template.
 */

export const TEMPLATE_VARIABLES = ['имя', 'баланс', 'сгорает', 'дата_сгорания', 'купон'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Record<TemplateVariable, string>;

/** At most this many links in one template: the short link's last character is the link's place, 0..9. */
export const MAX_TEMPLATE_LINKS = 10;

const VARIABLE = /\{([^{}\s]*)\}/g;
const LINK = /https?:\/\/[^\s<>"'«»]+[^\s<>"'«».,;:!?)]/g;

export type TemplateProblem =
  { kind: 'unknown-variable'; name: string } | { kind: 'too-many-links' } | { kind: 'coupon-without-promo' };

export interface ParsedTemplate {
  variables: TemplateVariable[];
  links: string[];
}

const isVariable = (name: string): name is TemplateVariable =>
  (TEMPLATE_VARIABLES as readonly string[]).includes(name);

/** The template's variables and links, or the first problem with it. */
export function parseTemplate(template: string): ParsedTemplate | TemplateProblem {
  const variables = new Set<TemplateVariable>();
  for (const match of template.matchAll(VARIABLE)) {
    const name = match[1]!;
    if (!isVariable(name)) return { kind: 'unknown-variable', name };
    variables.add(name);
  }
  const links = [...template.matchAll(LINK)].map((m) => m[0]);
  if (links.length > MAX_TEMPLATE_LINKS) return { kind: 'too-many-links' };
  return { variables: [...variables], links };
}

export const isTemplateProblem = (parsed: ParsedTemplate | TemplateProblem): parsed is TemplateProblem =>
  'kind' in parsed;

/** The Russian words for a problem, as the console shows them. */
export function templateProblemText(problem: TemplateProblem): string {
  switch (problem.kind) {
    case 'unknown-variable':
      return `Нет такой переменной: {${problem.name}}. Можно: ${TEMPLATE_VARIABLES.map((v) => `{${v}}`).join(', ')}`;
    case 'too-many-links':
      return `Ссылок в тексте не больше ${MAX_TEMPLATE_LINKS}`;
    case 'coupon-without-promo':
      return 'Для {купон} выберите акцию с персональными купонами';
  }
}

/**
 * The text a member gets: each variable replaced by its value, each link by `shortLink(n)` (n its place among the
 * template's links). Values are inserted as they are: a name holding «{купон}» stays text.
 */
export function renderTemplate(
  template: string,
  values: Partial<TemplateValues>,
  shortLink: (index: number) => string,
): string {
  let linkIndex = 0;
  const pattern = new RegExp(`${LINK.source}|${VARIABLE.source}`, 'g');
  return template.replace(pattern, (whole, name: string | undefined) => {
    if (name === undefined) return shortLink(linkIndex++);
    return isVariable(name) ? (values[name] ?? '') : whole;
  });
}
