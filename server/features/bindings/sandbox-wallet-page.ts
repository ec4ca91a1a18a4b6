import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '#server/app-deps';
import { isSandboxAcquirer, sandboxWalletToken } from '#server/integrations/acquirer/sandbox-acquirer';
import { escapeHtml, page } from '#server/lib/html';

/**
 * The sandbox acquirer's wallet step (docs/decisions/022): offline there is no Google Pay or Apple Pay sheet, so
 * in sandbox mode the cabinet's wallet button comes here, like the sandbox card page stands in for a bank's.
 * The customer picks a test card of the "wallet"; the page hands a sandbox wallet token back to the cabinet in
 * the return address's fragment (never sent to a server, so never in a log), and the cabinet sends it to
 * googleBindingCard / appleBindingCard exactly as it would a real wallet's token. Nothing is saved here: the
 * gateway decides when the token arrives. No script (the site's CSP applies).
 */
export const SANDBOX_WALLET_PATH = '/sandbox/wallet';

const WALLETS = { google: 'Google Pay', apple: 'Apple Pay' } as const;
type Wallet = keyof typeof WALLETS;

/** The test cards of the sandbox wallet: the token the page makes for each. */
const CHOICES: Record<string, { label: string; token: () => string }> = {
  approved: { label: 'Visa •••• 4242: карта сохранится', token: () => sandboxWalletToken('4242') },
  declinedLater: {
    label: 'Mastercard •••• 0002: сохранится, но банк отклонит оплату ею',
    token: () => sandboxWalletToken('0002'),
  },
  refused: {
    label: 'Токен, который банк не примет (привязка не удастся)',
    token: () => sandboxWalletToken('0000', false),
  },
};

/** Only a path on this site (never `//host`): the step returns to the cabinet and nowhere else. */
const safeReturn = (value: unknown) =>
  typeof value === 'string' && /^\/(?!\/)[^\s\\]*$/.test(value) && value.length <= 500
    ? value
    : '/profile?t=cards';

function send(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page('Кошелёк', body));
}

function walletForm(wallet: Wallet, back: string) {
  const options = Object.entries(CHOICES)
    .map(
      ([value, choice], index) =>
        `<label class="choice"><input type="radio" name="card" value="${value}"${index === 0 ? ' checked' : ''}> ${escapeHtml(choice.label)}</label>`,
    )
    .join('\n');
  return `<p class="note">Песочница: тестовый кошелёк вместо ${WALLETS[wallet]}, настоящие карты не используются.</p>
<h1>${WALLETS[wallet]}</h1>
<p>Выберите карту из кошелька, чтобы сохранить её для оплаты покупок.</p>
<form method="post" action="${SANDBOX_WALLET_PATH}/${wallet}">
<input type="hidden" name="return" value="${escapeHtml(back)}">
<fieldset><legend>Карта кошелька</legend>
${options}
</fieldset>
<button type="submit" name="answer" value="pay">Продолжить</button>
<button type="submit" name="answer" value="cancel">Отмена</button>
</form>`;
}

export function registerSandboxWalletPage(app: FastifyInstance, deps: AppDeps) {
  if (!isSandboxAcquirer(deps.acquirer)) return;
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const opts = { schema: { hide: true } };
    const walletOf = (name: string): Wallet | null => (name === 'google' || name === 'apple' ? name : null);

    scope.get<{ Params: { wallet: string }; Querystring: { return?: string } }>(
      `${SANDBOX_WALLET_PATH}/:wallet`,
      opts,
      async (request, reply) => {
        const wallet = walletOf(request.params.wallet);
        if (!wallet) return send(reply, 404, '<h1>Кошелёк не найден</h1>');
        return send(reply, 200, walletForm(wallet, safeReturn(request.query.return)));
      },
    );

    scope.post<{ Params: { wallet: string }; Body: Record<string, string> | undefined }>(
      `${SANDBOX_WALLET_PATH}/:wallet`,
      opts,
      async (request, reply) => {
        const wallet = walletOf(request.params.wallet);
        if (!wallet) return send(reply, 404, '<h1>Кошелёк не найден</h1>');
        const body = request.body ?? {};
        const back = safeReturn(body.return);
        // Own keys only: `constructor` or `__proto__` must not reach Object's built-ins (a 500).
        const choice = body.card && Object.hasOwn(CHOICES, body.card) ? CHOICES[body.card] : undefined;
        // Like a wallet sheet: a cancel brings nothing back; a choice brings its token, in the fragment.
        const fragment =
          body.answer === 'pay' && choice
            ? `wallet=${wallet}&walletToken=${encodeURIComponent(choice.token())}`
            : `wallet=${wallet}&walletCancelled=1`;
        return reply.redirect(`${back}#${fragment}`, 303);
      },
    );
  });
}
