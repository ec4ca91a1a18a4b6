/**
 * The text a person reads for an API refusal. A request the contract's schema refused carries
 * 'Неверные данные: <field>: <rule>' (server/lib/error-handler.ts): the field's name is for programs and logs,
 * so pages (the site, the till's page) show the rule alone ('Код: 22 цифры …'), never 'code: …'.
 */
const FIELD_PREFIX = /^Неверные данные: [A-Za-z_][\w.[\]-]*: /;

export const readableMessage = (message: string) => message.replace(FIELD_PREFIX, '');
