import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { adminErrorText } from '../api';

export interface ActionOptions<Vars, Result> {
  /** The call itself. */
  run: (vars: Vars) => Promise<Result>;
  /** The line a person reads when it worked (nothing when it returns nothing). */
  done?: (result: Result, vars: Vars) => string | void;
  /** The queries the call changes: fetched again whether it worked or not (a refusal may follow a change elsewhere). */
  invalidate?: QueryKey[];
  /** The refusal's text when the page says it its own way (a form pointing at its marked fields); adminErrorText otherwise. */
  errorText?: (error: unknown) => string;
}

export interface Action<Vars> {
  /** Runs the call now (a confirmation asked for, if any, is over). */
  run: (vars: Vars) => void;
  pending: boolean;
  /** What went wrong, in the console's Russian ('' when nothing did). */
  error: string;
  /** The refusal itself (null when nothing went wrong), for what a page reads from it: the fields it names. */
  failure: unknown;
  /** The success line ('' until the call worked). */
  message: string;
  /** The values waiting for a person's confirmation (a step that cannot be undone), or null. */
  asking: Vars | null;
  ask: (vars: Vars) => void;
  cancel: () => void;
  /** Forgets the last outcome (a new search starts clean). */
  reset: () => void;
}

/**
 * One console action on TanStack Query's useMutation: its pending state, the refusal's text (adminErrorText: the
 * console's text for the code, else the server's message, already read through common/lib/error-text.ts by the
 * API client), a success line, the queries to fetch again, and an optional confirmation step before it runs.
 */
export function useAction<Vars = void, Result = unknown>({
  run,
  done,
  invalidate = [],
  errorText = adminErrorText,
}: ActionOptions<Vars, Result>): Action<Vars> {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Vars | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    // Awaited, so the success line shows beside the fresh rows, not the old ones.
    onSettled: () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
  return {
    run: (vars) => {
      setAsking(null);
      mutation.mutate(vars);
    },
    pending: mutation.isPending,
    error: mutation.isError ? errorText(mutation.error) : '',
    failure: mutation.isError ? mutation.error : null,
    message: mutation.isSuccess ? (done?.(mutation.data, mutation.variables) ?? '') : '',
    asking,
    ask: (vars) => {
      mutation.reset();
      setAsking(() => vars);
    },
    cancel: () => setAsking(null),
    reset: () => {
      setAsking(null);
      mutation.reset();
    },
  };
}
