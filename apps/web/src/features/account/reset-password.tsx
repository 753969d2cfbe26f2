import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../api/client.ts';
import { PATHS } from '../../lib/paths.ts';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import { Loading } from '../../components/loading.tsx';
import { logout, useSession } from '../../session/index.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PersonChoice } from '../../components/person-choice.tsx';
import { CHOOSE_PERSON_MESSAGE, readChosenPerson } from '../../components/person-choice-field.ts';
import { checkNewPassword } from './password-rules.ts';
import './account.css';
import { useResetLink, useResetPassword } from './api/password.ts';

/**
 * The page behind an e-mailed link: names the member (or, for an address a household shares, asks
 * who they are), then sets the new password once.
 */
export function ResetPassword({ resetGuid }: { resetGuid: string }) {
  const { isLoggedIn } = useSession();
  const [isDone, setIsDone] = useState(false);
  // The link may be spent or expire; asking again after a failure changes nothing.
  const link = useResetLink(resetGuid);
  const reset = useResetPassword();

  if (isDone) {
    return (
      <section className="panel" aria-labelledby="reset-done-heading">
        <h2 id="reset-done-heading">Your new password is set</h2>
        <p className="form__message form__message--success" role="status">
          Success: you can now log in with your e-mail address and your new password.
        </p>
        <p>
          <Link className="button button--primary" to={PATHS.login}>
            Go to Member Login
          </Link>
        </p>
      </section>
    );
  }
  if (link.isPending) return <Loading label="Checking your link…" />;
  if (link.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{errorMessageOf(link.error)}</p>
        <p>
          <Link to={PATHS.login}>Go to Member Login</Link>, where &ldquo;Forgot your password?&rdquo; sends a new link.
        </p>
      </div>
    );
  }

  const people = link.data.h;
  return (
    <section className="panel" aria-labelledby="reset-heading">
      <h2 id="reset-heading">{people ? 'Hello' : `Hello, ${link.data.u ?? ''}`}</h2>
      <p>Choose your new password. You will then log in with your e-mail address and this password.</p>
      <Form
        aria-label="Password reset"
        submitLabel="Set Password"
        successMessage={null}
        validate={(data) => (people && readChosenPerson(data) === undefined ? CHOOSE_PERSON_MESSAGE : checkNewPassword(data))}
        onSubmit={(data) => reset.mutateAsync({ body: { g: resetGuid, ...readForm(data, { n: 'secret' }), i: readChosenPerson(data) } })}
        onSuccess={() => {
          // The server has ended every session of the member, this browser's included.
          if (isLoggedIn) void logout();
          setIsDone(true);
        }}
      >
        {people && <PersonChoice people={people} />}
        <NewPasswordFields />
      </Form>
    </section>
  );
}
