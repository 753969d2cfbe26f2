import { useId, useState } from 'react';
import { errorMessageOf } from '../../api/client.ts';
import { Loading } from '../../components/loading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useSession } from '../../session/index.ts';
import { useDigestSetting, useSaveDigestSetting } from './api/digest.ts';
import './account.css';

type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; isOn: boolean } | { status: 'error'; message: string };

/** The weekly digest e-mail on or off; it switches at once. Reminders have their own switch above. */
export function DigestSetting() {
  const { user } = useSession();
  const setting = useDigestSetting();
  const save = useSaveDigestSetting();
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const hintId = useId();
  if (user === null) return null;

  async function setDigest(isOn: boolean) {
    setState({ status: 'saving' });
    try {
      const reply = await save.mutateAsync({ body: { d: isOn ? 1 : 0 } });
      setState({ status: 'saved', isOn: reply.weeklyDigest });
    } catch (error) {
      setState({ status: 'error', message: errorMessageOf(error) });
    }
  }

  return (
    <section className="panel" aria-labelledby="digest-heading">
      <h2 id="digest-heading">Weekly digest</h2>
      <QueryState query={setting} what="your digest setting" loadingLabel="Loading your digest setting…">
        {({ weeklyDigest }) => (
          <div className="setting">
            <input
              id="weekly-digest"
              className="setting__switch"
              type="checkbox"
              role="switch"
              checked={weeklyDigest}
              disabled={state.status === 'saving'}
              aria-describedby={hintId}
              onChange={(event) => void setDigest(event.currentTarget.checked)}
            />
            <div>
              <label htmlFor="weekly-digest" className="setting__label">
                Weekly digest
              </label>
              <p id={hintId} className="setting__hint">
                One e-mail a week with the next three weeks&rsquo; events, the new Valley News, photos and forum threads; none in a week with nothing new.
                {!user.emailNotifications && ' E-mail notifications are off, so no digest is sent until you switch them on.'}
              </p>
            </div>
          </div>
        )}
      </QueryState>
      <div aria-live="polite" className="setting__status">
        {state.status === 'saving' && <Loading isInline label="Saving…" />}
        {state.status === 'saved' && (
          <p className="form__message form__message--success">Successfully Saved: the weekly digest is {state.isOn ? 'on' : 'off'}.</p>
        )}
      </div>
      {state.status === 'error' && (
        <p className="form__message form__message--error" role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}
