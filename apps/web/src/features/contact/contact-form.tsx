import { useId, useState } from 'react';
import { ErrorDialog } from '../../components/error-dialog.tsx';
import { summarizeFieldErrors } from '../../components/form-errors.ts';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { loadContractCheck } from '../../components/load-contract-check.ts';
import { Form } from '../../components/form.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { checkContactForm, type ContactErrors, type ContactField } from './contact-rules.ts';
import './contact-form.css';
import { useSubmitContact } from './api/contact.ts';

const FIELDS = { f: 'text', l: 'text', e: 'text', m: 'text', website: 'text' } as const;

/**
 * The contact form. Required fields are checked here first, each with its own message, and
 * again by the server; a server refusal (such as too many messages) opens the Error dialog.
 */
export function ContactForm() {
  const [errors, setErrors] = useState<ContactErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const trapId = useId();
  const submit = useSubmitContact();

  const clearError = (field: ContactField) => {
    if (errors[field] !== undefined) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  return (
    <>
      <Form
        aria-label="Contact the club"
        className="contact-form"
        noValidate
        submitLabel="Send message"
        successMessage="Successfully Submitted"
        resetOnSuccess
        preload={loadContractCheck}
        validate={async (data) => {
          const found = await checkContactForm(readForm(data, FIELDS));
          setErrors(found);
          return summarizeFieldErrors(Object.keys(found).length);
        }}
        onSubmit={(data) => submit.mutateAsync({ body: readForm(data, FIELDS) })}
        onError={setServerError}
      >
        <div className="contact-form__names">
          <FormField label="First name" name="f" autoComplete="given-name" required maxLength={100} error={errors.f} onChange={() => clearError('f')} />
          <FormField label="Last name" name="l" autoComplete="family-name" required maxLength={100} error={errors.l} onChange={() => clearError('l')} />
        </div>
        <FormField
          label="E-mail address"
          name="e"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          hint="We reply to this address."
          error={errors.e}
          onChange={() => clearError('e')}
        />
        <TextAreaField
          label="Message"
          name="m"
          className="contact-form__message"
          rows={7}
          required
          maxLength={10000}
          error={errors.m}
          onChange={() => clearError('m')}
        />
        {/* A trap for robots: hidden from people and from assistive technology, so only a script fills it. */}
        <div className="contact-form__trap" aria-hidden="true">
          <label htmlFor={trapId}>Leave this field empty</label>
          <input id={trapId} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      </Form>
      <ErrorDialog message={serverError} onClose={() => setServerError(null)} />
    </>
  );
}
