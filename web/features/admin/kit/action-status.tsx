import type { Action } from './use-action';

/** An action's outcome: its success line (a status) or its refusal (an alert), where the page shows it. */
export function ActionStatus({ action }: { action: Pick<Action<never>, 'message' | 'error'> }) {
  return (
    <>
      {action.message && <p role="status">{action.message}</p>}
      {action.error && (
        <p className="admin-error" role="alert">
          {action.error}
        </p>
      )}
    </>
  );
}
