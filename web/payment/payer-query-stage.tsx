import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ru } from '../i18n/ru';
import { ruLoyalty } from '../i18n/ru-loyalty';
import { errorCodeOf, hasCode } from '../lib/api-errors';
import { LoyaltyError } from './loyalty-error';

interface PayerQueryStageProps<T> {
  /** A query made with the payer's tokens, so it runs only in the browser (the server renders the loader). */
  query: UseQueryResult<T>;
  /** Whether the address names what the page shows (its ids parse); if not, the missing screen at once. */
  named: boolean;
  /** The missing screen: the address names nothing, or nothing this payer knows (401, 404). */
  missing: { title: string; text: string };
  /** Where the missing and the load-error screens lead back, if anywhere. */
  backTo?: string | null;
  children(data: T): ReactNode;
}

/**
 * What the pages a payment returns to share before their data is there: the missing screen, the load error
 * with its code, the loader; then `children` with the data.
 */
export function PayerQueryStage<T>({ query, named, missing, backTo, children }: PayerQueryStageProps<T>) {
  // 401: this browser has no payer at all (the bank sent the payer back to another browser).
  if (!named || hasCode(query.error, 'INVALID_TOKEN', 'NOT_FOUND')) {
    return <LoyaltyError title={missing.title} text={missing.text} backTo={backTo} />;
  }
  if (query.isError) {
    return (
      <LoyaltyError
        title={ruLoyalty.loadErrorTitle}
        text={query.error.message || ruLoyalty.loadErrorText}
        code={errorCodeOf(query.error)}
        backTo={backTo}
      />
    );
  }
  if (query.data === undefined) {
    return (
      <p className="loader-text" role="status">
        {ru.shell.loading}
      </p>
    );
  }
  return children(query.data);
}
