import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { LoyaltyCard } from '#common/contract/cabinet';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { maskCardNum } from '#web/lib/formats';
import { CloseIcon } from '#web/ui/icons';
import { QrCode } from '#web/ui/qr-code';
import { useFocusTrap } from '#web/ui/use-focus-trap';
import { useNow } from '#web/ui/use-now';
import { useScrollLock } from '#web/ui/use-scroll-lock';
import { formatCountdown, groupCodeDigits, memberCodePayload, secondsToNextCode } from './member-code';

/**
 * The rotating member code (docs/design/product.md "The member code at the till"): computed here from the card's secret,
 * so it shows with no network at the till; a new code every 120 s with the countdown, the masked number, and
 * a full-screen white view for scanning.
 */
export function MemberCodeView({ card }: { card: LoyaltyCard }) {
  const now = useNow(1000);
  const [fullScreen, setFullScreen] = useState(false);
  const payload = memberCodePayload(card.cardNum, card.qrSalt, now);
  const countdown = ruCabinet.qrRefresh(formatCountdown(secondsToNextCode(now)));
  return (
    <div className="member-code">
      <button
        type="button"
        className="member-code__qr-button"
        data-code={payload}
        onClick={() => setFullScreen(true)}
        aria-label={ruCabinet.qrFullscreen}
      >
        <QrCode className="member-code__qr" value={payload} label={ruCabinet.qrLabel} />
      </button>
      {/* What the till asks for when its scanner fails: these 22 digits "under the QR" (decision 048). */}
      <CodeDigits payload={payload} />
      <p className="member-code__countdown" data-testid="member-code-countdown">
        {countdown}
      </p>
      <p className="member-code__hint">{ruCabinet.qrHint}</p>
      <button type="button" className="button button--ghost" onClick={() => setFullScreen(true)}>
        {ruCabinet.qrFullscreen}
      </button>
      {fullScreen && (
        <FullScreenCode
          payload={payload}
          cardNum={card.cardNum}
          countdown={countdown}
          onClose={() => setFullScreen(false)}
        />
      )}
    </div>
  );
}

interface FullScreenCodeProps {
  payload: string;
  cardNum: string;
  countdown: string;
  onClose(): void;
}

/** White, edge to edge, the screen kept awake where the browser allows: what a till scanner reads best. */
function FullScreenCode({ payload, cardNum, countdown, onClose }: FullScreenCodeProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useCallback(() => onClose(), [onClose]);
  useFocusTrap(ref, true, close);
  useScrollLock(true);
  useWakeLock();
  return (
    <div className="member-code-full" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref}>
      <h2 className="member-code-full__title" id={titleId}>
        {ruCabinet.qrFullscreenTitle}
      </h2>
      <QrCode className="member-code-full__qr" value={payload} label={ruCabinet.qrLabel} />
      <CodeDigits payload={payload} />
      <p className="member-code__number">{maskCardNum(cardNum)}</p>
      <p className="member-code__countdown">{countdown}</p>
      <button type="button" className="button member-code-full__close" onClick={close}>
        <CloseIcon /> {ruCabinet.qrClose}
      </button>
    </div>
  );
}

/** The payload as a cashier types it: the card number and the code, grouped, with what they are for. */
function CodeDigits({ payload }: { payload: string }) {
  const labelId = useId();
  const grouped = groupCodeDigits(payload);
  return (
    <>
      <p className="member-code-full__digits-label" id={labelId}>
        {ruCabinet.qrDigitsLabel}
      </p>
      <p className="member-code-full__digits" aria-labelledby={labelId} data-testid="member-code-digits">
        {/* Card and code each kept on one line: a narrow screen wraps only between them. */}
        <span className="member-code-full__digits-part">{grouped.slice(0, 19)}</span>{' '}
        <span className="member-code-full__digits-part">{grouped.slice(20)}</span>
      </p>
    </>
  );
}

interface WakeLockSentinelLike {
  release(): Promise<void>;
}

/** Keeps the screen on while the code is shown full screen (Screen Wake Lock API, where supported). */
function useWakeLock() {
  useEffect(() => {
    let sentinel: WakeLockSentinelLike | null = null;
    let released = false;
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } }
    ).wakeLock;
    wakeLock
      ?.request('screen')
      .then((lock) => {
        if (released) void lock.release();
        else sentinel = lock;
      })
      .catch(() => {
        // Refused (battery saver, no permission): the code still shows.
      });
    return () => {
      released = true;
      void sentinel?.release();
    };
  }, []);
}
