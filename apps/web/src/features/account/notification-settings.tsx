import { useId, useState } from 'react';
import { errorMessageOf } from '../../api/client.ts';
import { Loading } from '../../components/loading.tsx';
import { useSession } from '../../session/index.ts';
import { useSaveEmailNotifications } from './api/notifications.ts';
import { PushSetting } from './push-setting.tsx';
import './account.css';

type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; isOn: boolean } | { status: 'error'; message: string };

/** E-mail notifications for the member, push notifications for this browser; each switches at once. */
export function NotificationSettings() {
  const { user } = useSession();
  const save = useSaveEmailNotifications();
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const emailHintId = useId();
  if (user === null) return null;

  async function setEmailNotifications(isOn: boolean) {
    setState({ status: 'saving' });
    try {
      const reply = await save.mutateAsync({ body: { e: isOn ? 1 : 0 } });
      setState({ status: 'saved', isOn: reply.u.emailNotifications });
    } catch (error) {
      setState({ status: 'error', message: errorMessageOf(error) });
    }
  }

  return (
    <section className="panel" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Notifications</h2>
      <div className="setting">
        <input
          id="email-notifications"
          className="setting__switch"
          type="checkbox"
          role="switch"
          checked={user.emailNotifications}
          disabled={state.status === 'saving'}
          aria-describedby={emailHintId}
          onChange={(event) => void setEmailNotifications(event.currentTarget.checked)}
        />
        <div>
          <label htmlFor="email-notifications" className="setting__label">
            E-mail notifications
          </label>
          <p id={emailHintId} className="setting__hint">
            Event reminders and club news sent to your e-mail address.
          </p>
        </div>
      </div>
      <div aria-live="polite" className="setting__status">
        {state.status === 'saving' && <Loading isInline label="Saving…" />}
        {state.status === 'saved' && (
          <p className="form__message form__message--success">Successfully Saved: e-mail notifications are {state.isOn ? 'on' : 'off'}.</p>
        )}
      </div>
      {state.status === 'error' && (
        <p className="form__message form__message--error" role="alert">
          {state.message}
        </p>
      )}
      <PushSetting />
    </section>
  );
}
