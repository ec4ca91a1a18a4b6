import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ApiError } from '#web/lib/api-client';
import { useAction, type ActionOptions } from './use-action';

/** A promise the test settles by hand, to look at the action while it runs. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

/** The action beside a query of key ['admin', 'list'] that counts how often it was read. */
function setup<V, R>(options: ActionOptions<V, R>) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  let reads = 0;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      useQuery({ queryKey: ['admin', 'list'], queryFn: () => ++reads, staleTime: Infinity });
      return useAction(options);
    },
    { wrapper },
  );
  return { hook, reads: () => reads };
}

describe("the console's action hook", () => {
  afterEach(cleanup);

  it('is pending while the call runs, then says its success line and reads the given queries again', async () => {
    const call = deferred<{ number: number }>();
    const { hook, reads } = setup({
      run: (_: number) => call.promise,
      done: (result, vars) => `Счёт № ${result.number} (${vars})`,
      invalidate: [['admin', 'list']],
    });
    await waitFor(() => expect(reads()).toBe(1));
    act(() => hook.result.current.run(7));
    await waitFor(() => expect(hook.result.current.pending).toBe(true));
    expect(hook.result.current.message).toBe('');
    await act(async () => call.resolve({ number: 12 }));
    await waitFor(() => expect(hook.result.current.message).toBe('Счёт № 12 (7)'));
    expect(hook.result.current.pending).toBe(false);
    expect(hook.result.current.error).toBe('');
    expect(reads()).toBe(2);
  });

  it("says a refusal in the console's Russian and still reads the queries again", async () => {
    const { hook, reads } = setup({
      run: (_: void) =>
        Promise.reject(new ApiError(403, { code: 'FORBIDDEN', message: 'Forbidden: members.write' })),
      invalidate: [['admin', 'list']],
    });
    await waitFor(() => expect(reads()).toBe(1));
    act(() => hook.result.current.run());
    await waitFor(() => expect(hook.result.current.error).toBe(ruAdmin.errors.FORBIDDEN));
    expect(hook.result.current.message).toBe('');
    expect(reads()).toBe(2);
  });

  it("shows the server's own refusal without the field's name, and a network failure as the console's failure", async () => {
    let failure: unknown = new ApiError(400, {
      code: 'VALIDATION',
      message: 'Неверные данные: amount: Сумма больше, чем разрешено',
    });
    const { hook } = setup({ run: (_: void) => Promise.reject(failure) });
    act(() => hook.result.current.run());
    await waitFor(() => expect(hook.result.current.error).toBe('Сумма больше, чем разрешено'));
    failure = new TypeError('Failed to fetch');
    act(() => hook.result.current.run());
    await waitFor(() => expect(hook.result.current.error).toBe(ruAdmin.failed));
  });

  it('asks for a confirmation first when told to: nothing runs until the page runs it', async () => {
    const ran: string[] = [];
    const { hook } = setup({
      run: async (vars: { id: string; note?: string }) => void ran.push(`${vars.id}:${vars.note ?? ''}`),
      done: () => 'Готово',
    });
    act(() => hook.result.current.ask({ id: 'a' }));
    expect(hook.result.current.asking).toEqual({ id: 'a' });
    act(() => hook.result.current.cancel());
    expect(hook.result.current.asking).toBeNull();
    act(() => hook.result.current.ask({ id: 'b' }));
    act(() => hook.result.current.run({ id: 'b', note: 'платёж 77' }));
    await waitFor(() => expect(hook.result.current.message).toBe('Готово'));
    expect(hook.result.current.asking).toBeNull();
    expect(ran).toEqual(['b:платёж 77']);
    act(() => hook.result.current.reset());
    await waitFor(() => expect(hook.result.current.message).toBe(''));
  });

  it("says a refusal the page's own way when told to, and hands the page the refusal itself", async () => {
    const refusal = new ApiError(400, {
      code: 'VALIDATION',
      message: 'Неверные данные',
      fields: { title: 'Слишком длинно' },
    });
    const { hook } = setup({
      run: (_: void) => Promise.reject(refusal),
      errorText: (error) => (error instanceof ApiError && error.body?.fields ? 'Исправьте поля' : 'Иное'),
    });
    expect(hook.result.current.failure).toBeNull();
    act(() => hook.result.current.run());
    await waitFor(() => expect(hook.result.current.error).toBe('Исправьте поля'));
    expect(hook.result.current.failure).toBe(refusal);
    act(() => hook.result.current.reset());
    await waitFor(() => expect(hook.result.current.failure).toBeNull());
  });
});
