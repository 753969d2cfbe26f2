import { Dialog } from './dialog.tsx';
import { LoginForm } from './login-form.tsx';

/** The question itself: loaded only when a session ends under a form (see session-renewal-dialog.tsx). */
export function SessionRenewalLogin({ onFinish }: { onFinish: (isLoggedIn: boolean) => void }) {
  return (
    <Dialog
      title="You were logged out"
      isOpen
      onClose={() => onFinish(false)}
      footer={
        <button type="button" className="button" onClick={() => onFinish(false)}>
          Cancel
        </button>
      }
    >
      <p className="dialog__message">Your login has ended, so this was not sent yet. Log in again and it is sent at once; what you typed stays as it is.</p>
      <LoginForm isAutofocused onSuccess={() => onFinish(true)} />
    </Dialog>
  );
}
