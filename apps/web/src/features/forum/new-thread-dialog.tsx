import { CALLS } from '@club/contracts/browser';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCallMutation } from '../../api/call-query.ts';
import { forumPath } from '../../lib/paths.ts';
import { Dialog } from '../../components/dialog.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { ImageFilesPicker } from './image-files-picker.tsx';

const MAX_IMAGES = CALLS['forum.createThread'].files.f.maxCount;

/** Starts a thread: title, description and pictures; then opens it. */
export function NewThreadDialog({ onClose }: { onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const navigate = useNavigate();
  const create = useCallMutation('forum.createThread', { invalidates: ['forum.get'] });

  return (
    <Dialog title="New thread" isOpen onClose={onClose}>
      <Form
        aria-label="New thread"
        submitLabel="Start thread"
        successMessage={null}
        onSubmit={(data) => {
          const { t, d } = readForm(data, { t: 'text', d: 'text' });
          return create.mutateAsync({ body: { t, d }, files: { f: files } });
        }}
        onSuccess={({ i }) => {
          onClose();
          void navigate(forumPath(i), { state: { focusThread: true } });
        }}
        actions={
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        }
      >
        <FormField label="Title" name="t" required maxLength={200} data-autofocus />
        <TextAreaField label="Description" name="d" required rows={6} maxLength={20000} hint="Line breaks are kept, and web addresses become links." />
        <ImageFilesPicker files={files} onChange={setFiles} max={MAX_IMAGES} />
      </Form>
    </Dialog>
  );
}
