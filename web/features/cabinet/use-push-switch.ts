import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '#web/lib/api-context';
import {
  currentPushSubscription,
  pushSupport,
  subscribeBrowser,
  subscriptionBody,
} from '#web/lib/push-subscription';

/**
 * Where the «Уведомления» switch stands: being found out, hidden (push is off on this site), a browser that
 * cannot (iOS outside the installed app, or none), permission refused, or off and on.
 */
export type PushSwitchState =
  'checking' | 'hidden' | 'ios-not-installed' | 'unsupported' | 'denied' | 'off' | 'on';

/** Why the last tap did not do what it asked. */
export type PushSwitchProblem = 'dismissed' | 'failed' | 'offFailed' | null;

/**
 * The switch's state, read in the browser only (the server renders it as being checked), and its change: on asks
 * the permission, subscribes through the service worker with the site's VAPID key and gives the server the
 * subscription; off tells the server and unsubscribes. A kept subscription is posted again on every visit, so
 * the server holds it for whoever is logged in here now.
 */
export function usePushSwitch() {
  const api = useApi();
  const [state, setState] = useState<PushSwitchState>('checking');
  const [problem, setProblem] = useState<PushSwitchProblem>(null);
  const [publicKey, setPublicKey] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const settle = (next: PushSwitchState) => live && setState(next);
    void (async () => {
      const support = pushSupport();
      if (support !== 'supported') return settle(support);
      const { publicKey: key } = await api.request('GET /api/push/key');
      if (!key) return settle('hidden');
      if (live) setPublicKey(key);
      if (Notification.permission === 'denied') return settle('denied');
      const subscription = await currentPushSubscription();
      if (!subscription || Notification.permission !== 'granted') return settle('off');
      settle('on');
      await api.request('POST /api/user/push-subscriptions', { body: subscriptionBody(subscription) });
    })().catch(() => settle('off'));
    return () => {
      live = false;
    };
  }, [api]);

  const change = useMutation({
    mutationFn: async (on: boolean): Promise<PushSwitchState | 'dismissed'> => {
      if (!on) {
        const subscription = await currentPushSubscription();
        if (subscription) {
          await api.request('POST /api/user/push-subscriptions/unsubscribe', {
            body: { endpoint: subscription.endpoint },
          });
          await subscription.unsubscribe();
        }
        return 'off';
      }
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return 'denied';
      if (permission !== 'granted') return 'dismissed';
      const key = publicKey ?? (await api.request('GET /api/push/key')).publicKey;
      if (!key) return 'hidden';
      const subscription = await subscribeBrowser(key);
      try {
        await api.request('POST /api/user/push-subscriptions', { body: subscriptionBody(subscription) });
      } catch (error) {
        await subscription.unsubscribe().catch(() => false);
        throw error;
      }
      return 'on';
    },
    onMutate: () => setProblem(null),
    onSuccess: (next) => (next === 'dismissed' ? setProblem('dismissed') : setState(next)),
    onError: (_error, on) => setProblem(on ? 'failed' : 'offFailed'),
  });

  return { state, problem, pending: change.isPending, toggle: (on: boolean) => change.mutate(on) };
}
