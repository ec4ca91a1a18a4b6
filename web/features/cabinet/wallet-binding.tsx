import { useEffect, useRef, useState } from 'react';
import type { WalletOffer } from '#common/contract/bindings';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { hasCode } from '#web/lib/api-errors';
import { useBindWallet } from './saved-cards-api';
import { SmsStepUp } from './sms-step-up';
import { googlePayAvailable, googlePayToken } from './google-pay';

const t = ruCabinet.savedCards;
type Wallet = 'google' | 'apple';
const NAMES: Record<Wallet, string> = { google: 'Google Pay', apple: 'Apple Pay' };
/** Which wallet step this tab sent the customer to: only its return is taken. */
const WALLET_STEP_KEY = 'walletStep';

/** The spec's binding status (section 4 names the Apple one): pending while the token is sent, then ok or error. */
type Status = { wallet: Wallet; state: 'pending' | 'ok' | 'error'; text: string };

/**
 * Google Pay and Apple Pay binding in the saved-cards section (docs/decisions/022). The server says which
 * buttons exist: in sandbox mode each opens the sandbox acquirer's wallet step, which comes back to this page with
 * a sandbox wallet token in the address's fragment; with a real gateway, Google Pay asks the browser (Payment
 * Request API) and shows only where the browser can really pay. Either way the token goes to the server, which
 * asks the gateway: nothing here decides that a card was saved. The fresh SMS confirmation applies.
 */
export function WalletBinding({
  phone,
  offers,
}: {
  phone: string;
  offers: { google: WalletOffer | null; apple: WalletOffer | null };
}) {
  const bind = useBindWallet();
  const [status, setStatus] = useState<Status | null>(null);
  const [stepUp, setStepUp] = useState<{ wallet: Wallet; token: string } | null>(null);
  const googleReady = useGooglePayReady(offers.google);
  const returned = useRef(false);

  const send = (wallet: Wallet, token: string) => {
    setStatus({ wallet, state: 'pending', text: t.walletPending(NAMES[wallet]) });
    bind.mutate(
      { wallet, token },
      {
        onSuccess: ({ card }) => setStatus({ wallet, state: 'ok', text: t.bound(card.maskedPan) }),
        onError: (error) => {
          if (hasCode(error, 'SMS_CONFIRMATION_REQUIRED')) {
            setStatus(null);
            return setStepUp({ wallet, token });
          }
          setStatus({ wallet, state: 'error', text: t.walletFailure });
        },
      },
    );
  };

  // Back from the sandbox wallet step: the token is in the fragment (never sent to a server); take it once and
  // clear the address, so a reload or a shared link does not send it again. Only a step this tab started (its
  // mark in session storage) and only in sandbox mode: a crafted link must not bind someone else's card to
  // the customer who opens it.
  useEffect(() => {
    if (returned.current) return;
    returned.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const wallet = fragment.get('wallet');
    if (wallet !== 'google' && wallet !== 'apple') return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const started = window.sessionStorage.getItem(WALLET_STEP_KEY);
    window.sessionStorage.removeItem(WALLET_STEP_KEY);
    if (started !== wallet || offers[wallet]?.mode !== 'sandbox') return;
    const token = fragment.get('walletToken');
    // The address is an outside system read once on arrival; sending its token starts the binding.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (token) send(wallet, token);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const start = async (wallet: Wallet) => {
    const offer = offers[wallet];
    if (!offer) return;
    if (offer.mode === 'sandbox') {
      const back = '/profile?t=cards';
      window.sessionStorage.setItem(WALLET_STEP_KEY, wallet);
      window.location.assign(`${offer.url}?return=${encodeURIComponent(back)}`);
      return;
    }
    try {
      const token = await googlePayToken(offer);
      if (token) send(wallet, token);
    } catch {
      setStatus({ wallet, state: 'error', text: t.walletFailure });
    }
  };

  const shown: Wallet[] = [];
  if (offers.google && (offers.google.mode === 'sandbox' || googleReady)) shown.push('google');
  if (offers.apple?.mode === 'sandbox') shown.push('apple');
  if (shown.length === 0) return null;

  return (
    <div className="wallet-binding" role="group" aria-labelledby="wallets-title">
      <h3 className="cabinet-form__title" id="wallets-title">
        {t.walletsTitle}
      </h3>
      <p className="cabinet-form__lead">{t.walletsLead}</p>
      {stepUp ? (
        <SmsStepUp
          phone={phone}
          onConfirmed={() => {
            setStepUp(null);
            send(stepUp.wallet, stepUp.token);
          }}
          onCancel={() => setStepUp(null)}
        />
      ) : (
        <div className="loyalty-actions">
          {shown.map((wallet) => (
            <button
              key={wallet}
              type="button"
              className={`button button--wallet button--${wallet}`}
              disabled={bind.isPending}
              onClick={() => void start(wallet)}
            >
              {wallet === 'google' ? t.google : t.apple}
            </button>
          ))}
        </div>
      )}
      {status && (
        <p
          className={
            status.state === 'error' ? 'form-error' : status.state === 'ok' ? 'form-success' : 'loader-text'
          }
          role={status.state === 'error' ? 'alert' : 'status'}
          data-testid={`${status.wallet}-binding-status`}
          data-status={status.state}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}

/** Whether the browser can really pay with Google Pay for this offer (asked once; false until it answers). */
function useGooglePayReady(offer: WalletOffer | null): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!offer || offer.mode !== 'google-pay') return;
    let live = true;
    void googlePayAvailable(offer).then((answer) => live && setReady(answer));
    return () => {
      live = false;
    };
  }, [offer]);
  return ready;
}
