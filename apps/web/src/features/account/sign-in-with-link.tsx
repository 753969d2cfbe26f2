import { Link, useNavigate } from 'react-router';
import { errorMessageOf } from '../../api/client.ts';
import { Form } from '../../components/form.tsx';
import { Loading } from '../../components/loading.tsx';
import { PATHS } from '../../lib/paths.ts';
import { loginWithLink } from '../../session/index.ts';
import './account.css';
import { useSignInLink } from './api/sign-in-link.ts';
import { PersonChoice } from '../../components/person-choice.tsx';
import { CHOOSE_PERSON_MESSAGE, readChosenPerson } from '../../components/person-choice-field.ts';

/**
 * The page an e-mailed sign-in link opens. Opening it changes nothing (mail programs' link
 * scanners open links too): the member presses the button, and that signs them in on this browser.
 * For an address a household shares, they first say who they are.
 */
export function SignInWithLink({ token }: { token: string }) {
  const navigate = useNavigate();
  const link = useSignInLink(token);

  if (link.isPending) return <Loading label="Checking your link…" />;
  if (link.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{errorMessageOf(link.error)}</p>
        <p>
          <Link to={PATHS.login}>Go to Member Login</Link>, where &ldquo;E-mail me a sign-in link&rdquo; sends a new one.
        </p>
      </div>
    );
  }

  const people = link.data.h;
  const name = link.data.u ?? '';
  return (
    <section className="panel" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">{people ? 'Sign in' : `Hello, ${name}`}</h2>
      <p>Press the button to log in on this browser. The link then stops working.</p>
      <Form
        aria-label="Sign in with the e-mailed link"
        submitLabel={people ? 'Sign in' : `Sign in as ${name}`}
        successMessage={null}
        validate={(data) => (people && readChosenPerson(data) === undefined ? CHOOSE_PERSON_MESSAGE : null)}
        onSubmit={(data) => loginWithLink(token, readChosenPerson(data))}
        onSuccess={() => void navigate(PATHS.account, { replace: true })}
      >
        {people && <PersonChoice people={people} />}
      </Form>
    </section>
  );
}
