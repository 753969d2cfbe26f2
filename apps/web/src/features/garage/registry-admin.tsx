import { useId, useState } from 'react';
import { errorMessageOf } from '../../api/api-error.ts';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useAddBodyStyle, useExportCars } from './api/garage-writes.ts';

/** Hands a text to the browser as a file to save. */
function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The administrator's part of the registry: the CSV for the national club, and body styles. */
export function RegistryAdmin() {
  const id = useId();
  const { exportCsv, isPending } = useExportCars();
  const addBodyStyle = useAddBodyStyle();
  const [exportError, setExportError] = useState<string | null>(null);
  return (
    <section className="panel" aria-labelledby={`${id}-admin`}>
      <h2 id={`${id}-admin`}>Registry tools</h2>
      <p>The whole registry as a spreadsheet (CSV) for the national club: every car, members-only ones too, with engine numbers and owners.</p>
      <p className="button-row">
        <button
          type="button"
          className="button"
          disabled={isPending}
          onClick={() => {
            setExportError(null);
            exportCsv().then(
              ({ csv, fileName }) => downloadText(csv, fileName),
              (error: unknown) => setExportError(errorMessageOf(error)),
            );
          }}
        >
          Download the registry (CSV)
        </button>
      </p>
      {exportError && (
        <p className="form__message form__message--error" role="alert">
          {exportError}
        </p>
      )}
      <Form
        aria-label="Add a body style"
        submitLabel="Add body style"
        successMessage="Successfully Saved"
        resetOnSuccess
        onSubmit={(data) => addBodyStyle(String(data.get('name') ?? ''))}
      >
        <FormField label="New body style" name="name" maxLength={60} required autoComplete="off" hint="Members choose from the list when they add a car." />
      </Form>
    </section>
  );
}
