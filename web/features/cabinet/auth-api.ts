import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '#web/lib/api-context';
import { saveTokens } from '#web/lib/auth-tokens';
import { forgetUser } from '#web/lib/session';

/** Spec section 7: `api/auth/phone` sends the code by SMS. */
export function useSendCode() {
  const api = useApi();
  return useMutation({
    mutationFn: (phone: string) => api.request('POST /api/auth/phone', { body: { phone } }),
  });
}

/** Spec section 7: `api/auth/token` exchanges the code for the token pair, kept under the spec's two keys. */
export function useConfirmCode() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; code: string }) =>
      api.request('POST /api/auth/token', { body: { phone: input.phone, token: input.code } }),
    onSuccess: (pair) => {
      // A new login: nothing cached about a previous customer may show in this one's cabinet.
      forgetUser(queryClient);
      saveTokens(pair.token, pair.refresh);
    },
  });
}
