import { FILE_KIND_MESSAGES, GPX_MAX_BYTES, formatDistance } from '@club/contracts/plain';
import { useId, useState } from 'react';
import { errorMessageOf } from '../../api/api-error.ts';
import { FileChooser } from '../../components/image-picker/file-chooser.tsx';
import { formatFileSize } from '../../components/image-picker/image-file.ts';
import { useImportGpx } from './api/route-writes.ts';

/**
 * Import a GPX file (a track or a route, from any mapping app): a new route from it, or its line
 * and points into this route, replacing the steps.
 */
export function GpxImport({ routeId, onImported }: { routeId: number; onImported: (id: number) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const { importGpx, isPending } = useImportGpx();
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const isNew = routeId === 0;
  const hint = isNew
    ? 'Export the tour from your mapping app as GPX (a track or a route) and choose the file: its line becomes the map, its points the steps, with their distances.'
    : 'Replaces this route’s steps and map line with the file’s. Save your changes first.';
  return (
    <section className="panel gpx-import" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{isNew ? 'Start from a GPX file' : 'Import a GPX file'}</h2>
      <form
        className="gpx-import__form"
        onSubmit={(submitted) => {
          submitted.preventDefault();
          setMessage(null);
          if (!file) return setMessage({ text: 'Please choose the GPX file to import.', isError: true });
          if (file.size > GPX_MAX_BYTES)
            return setMessage({ text: `That file is too large. Please choose a smaller one (at most ${GPX_MAX_BYTES / 1024 / 1024} MB).`, isError: true });
          if (!/\.gpx$/i.test(file.name) && !/xml/.test(file.type)) return setMessage({ text: FILE_KIND_MESSAGES.gpx, isError: true });
          importGpx(routeId, file).then(
            (reply) => {
              setMessage({ text: `Imported ${reply.steps} steps, ${formatDistance(reply.miles, false)}.`, isError: false });
              onImported(reply.i);
            },
            (error: unknown) => setMessage({ text: errorMessageOf(error), isError: true }),
          );
        }}
      >
        <FileChooser
          label="GPX file"
          buttonText={file === null ? 'Choose a GPX file' : 'Choose another GPX file'}
          status={file === null ? 'No file chosen yet.' : `Chosen: ${file.name} (${formatFileSize(file.size)}).`}
          hint={hint}
          fileKind="gpx"
          onChoose={([chosen]) => {
            setFile(chosen ?? null);
            setMessage(null);
          }}
        />
        <button type="submit" className="button" disabled={isPending}>
          {isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
      {message && (
        <p className={`form__message ${message.isError ? 'form__message--error' : 'form__message--success'}`} role={message.isError ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
