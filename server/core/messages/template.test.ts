import { describe, expect, it } from 'vitest';
import { isTemplateProblem, parseTemplate, renderTemplate, templateProblemText } from './template';

describe('a message template (decision 076)', () => {
  it('finds its variables and links', () => {
    expect(parseTemplate('{имя}, {баланс} сгорят {дата_сгорания}: https://a.example/x?y=1. И {имя}')).toEqual(
      {
        variables: ['имя', 'баланс', 'дата_сгорания'],
        links: ['https://a.example/x?y=1'],
      },
    );
  });

  it('refuses a variable that does not exist, naming it and the ones that do', () => {
    const parsed = parseTemplate('Здравствуйте, {Имя}!');
    expect(isTemplateProblem(parsed) && templateProblemText(parsed)).toBe(
      'Нет такой переменной: {Имя}. Можно: {имя}, {баланс}, {сгорает}, {дата_сгорания}, {купон}',
    );
    expect(isTemplateProblem(parseTemplate('{}'))).toBe(true);
    expect(isTemplateProblem(parseTemplate('11 ссылок ' + 'https://a.example/ '.repeat(11)))).toBe(true);
  });

  it('renders values and short links in the links’ order, leaving a value’s braces as text', () => {
    const text = renderTemplate(
      '{имя}, купон {купон}: https://a.example/one, потом https://b.example/two!',
      { имя: '{купон}', купон: 'ABCD234567' },
      (n) => `https://s.example/r/abc${n}`,
    );
    expect(text).toBe('{купон}, купон ABCD234567: https://s.example/r/abc0, потом https://s.example/r/abc1!');
  });

  it('renders a missing value as nothing', () => {
    expect(renderTemplate('Баланс: {баланс}.', {}, () => '')).toBe('Баланс: .');
  });
});
