import { useMutation } from '@tanstack/react-query';
import { useApi } from '#web/lib/api-context';

/** `GET api/user/export`: asked when the customer presses the button, never cached (it is the whole record). */
export function useExportMyData() {
  const api = useApi();
  return useMutation({ mutationFn: () => api.request('GET /api/user/export') });
}

/** `POST api/user/delete`, after a fresh SMS code (the step-up logs the same phone in again first). */
export function useDeleteAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.request('POST /api/user/delete', { body: { confirm: true } }),
  });
}

/** Hands the browser a file made here: a link to a Blob, clicked once, then let go. */
export function downloadFile(name: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
