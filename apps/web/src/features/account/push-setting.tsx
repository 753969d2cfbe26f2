import { useCallback, useEffect, useId, useState } from 'react';
import { errorMessageOf } from '../../api/client.ts';
import { Loading } from '../../components/loading.tsx';
import { useMarkPushRegistered, usePushRegistration, useSavePushToken } from './api/notifications.ts';
import {
  currentSubscription,
  forgetRenewal,
  isDueForRefresh,
  markRefreshed,
  pushProblem,
  renew,
  renewalSettled,
  settledSubscription,
  subscribe,
  type PushProblem,
} from './push-subscription.ts';

const PROBLEM_TEXT: Record<PushProblem, string> = {
  insecure: 'Push notifications need the secure address of this website (starting with https://). Open the site that way to turn them on.',
  unsupported:
    'This browser cannot receive push notifications. On an iPhone or iPad, first add this site to your Home Screen (Share, then Add to Home Screen) and open it from there; on a computer, use Chrome, Edge, Firefox or Safari. E-mail notifications work everywhere.',
  'not-configured': 'Push notifications are not set up on this website yet. E-mail notifications keep you informed.',
  denied:
    'Notifications are blocked for this website in this browser. To allow them, open the site settings (the icon just left of the web address), set Notifications to Allow, then switch this on again.',
  dismissed: 'Notifications were not allowed. Switch this on again and choose Allow when the browser asks.',
};

/**
 * What went wrong in the member's words (push-failure.ts, loaded only after a failure); the
 * error's own message if even that cannot load (the network is gone).
 */
const describeFailure = (error: unknown): Promise<string> =>
  import('./push-failure.ts').then(
    ({ describePushFailure }) => describePushFailure(error),
    () => errorMessageOf(error),
  );

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'saved'; isOn: boolean } | { kind: 'error'; message: string };

/**
 * The push switch: subscribes or unsubscribes this browser (token.save), shows whether the
 * server has it registered (token.get, so the state survives a reload), and renews the
 * subscription once it is 7 days old. When push cannot work here, it says why and what to do.
 */
export function PushSetting() {
  const hintId = useId();
  const [problem, setProblem] = useState<PushProblem | null>(() => pushProblem());
  // undefined while this browser's subscription is being looked up.
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(problem === null || problem === 'denied' ? undefined : null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const save = useSavePushToken();
  const markRegistered = useMarkPushRegistered();
  /** Shows a subscription just registered as on at once, rather than after asking token.get again. */
  const showRegistered = useCallback(
    (fresh: PushSubscription) => {
      markRegistered(JSON.stringify(fresh));
      setSubscription(fresh);
    },
    [markRegistered],
  );
  const t = subscription ? JSON.stringify(subscription) : '';
  const registered = usePushRegistration(t);
  const isOn = subscription !== null && subscription !== undefined && registered.data?.r === true;

  const { mutateAsync: saveToken } = save;
  const registerRenewal = useCallback(
    async (fresh: PushSubscription, oldEndpoint: string) => {
      await saveToken({ body: { t: JSON.stringify(fresh), e: 1 } });
      // The old one is dead in this browser already; if forgetting it fails now, the push service's
      // 410 removes it at the next push. Either way the renewal is done.
      if (oldEndpoint !== '' && fresh.endpoint !== oldEndpoint) await saveToken({ body: { t: oldEndpoint, e: 0 } }).catch(() => undefined);
    },
    [saveToken],
  );

  useEffect(() => {
    if (subscription !== undefined) return;
    let isCurrent = true;
    settledSubscription(registerRenewal).then(
      (found) => isCurrent && setSubscription(found),
      () => isCurrent && setSubscription(null),
    );
    return () => {
      isCurrent = false;
    };
  }, [subscription, registerRenewal]);

  // A registered subscription older than 7 days (or made with an old server key) is renewed.
  useEffect(() => {
    if (!isOn || !subscription || !isDueForRefresh(subscription)) return;
    // Not cancelled with the effect: the renewal outlives the re-renders its own saves cause.
    renew(subscription, registerRenewal).then(showRegistered, (error: unknown) =>
      console.warn('Renewing the push subscription failed; it is tried again on the next visit.', error),
    );
  }, [isOn, subscription, registerRenewal, showRegistered]);

  async function turnOn() {
    setStatus({ kind: 'busy' });
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setProblem(permission === 'denied' ? 'denied' : 'dismissed');
        setStatus({ kind: 'idle' });
        return;
      }
      setProblem(null);
      const fresh = await subscribe();
      await save.mutateAsync({ body: { t: JSON.stringify(fresh), e: 1 } });
      markRefreshed();
      showRegistered(fresh);
      setStatus({ kind: 'saved', isOn: true });
    } catch (error) {
      setStatus({ kind: 'error', message: await describeFailure(error) });
    }
  }

  async function turnOff() {
    setStatus({ kind: 'busy' });
    try {
      // The browser's own subscription, once a renewal under way has replaced the old one.
      await renewalSettled();
      forgetRenewal();
      const current = (await currentSubscription()) ?? subscription;
      if (current) {
        await save.mutateAsync({ body: { t: current.endpoint, e: 0 } });
        await current.unsubscribe();
      }
      setSubscription(null);
      setStatus({ kind: 'saved', isOn: false });
    } catch (error) {
      setStatus({ kind: 'error', message: errorMessageOf(error) });
    }
  }

  const isChecking = subscription === undefined || (t !== '' && registered.isPending);
  const cannotWork = problem === 'insecure' || problem === 'unsupported' || problem === 'not-configured';
  return (
    <>
      <div className="setting">
        <input
          id="push-notifications"
          className="setting__switch"
          type="checkbox"
          role="switch"
          checked={isOn}
          disabled={cannotWork || isChecking || status.kind === 'busy'}
          aria-describedby={hintId}
          onChange={(event) => void (event.currentTarget.checked ? turnOn() : turnOff())}
        />
        <div>
          <label htmlFor="push-notifications" className="setting__label">
            Push notifications
          </label>
          <p id={hintId} className="setting__hint">
            {problem !== null
              ? PROBLEM_TEXT[problem]
              : 'Event reminders on this phone or computer, even when the website is closed. Switch it on in each browser you use.'}
          </p>
        </div>
      </div>
      <div aria-live="polite" className="setting__status">
        {status.kind === 'busy' && <Loading isInline label="Saving…" />}
        {status.kind === 'saved' && (
          <p className="form__message form__message--success">Successfully Saved: push notifications are {status.isOn ? 'on' : 'off'} in this browser.</p>
        )}
      </div>
      {status.kind === 'error' && (
        <p className="form__message form__message--error" role="alert">
          {status.message}
        </p>
      )}
    </>
  );
}
