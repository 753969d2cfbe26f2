import { CALLS } from '@club/contracts/browser';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { forumPath } from '../../lib/paths.ts';
import { Dialog } from '../../components/dialog.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useCreateThread } from './api/create-thread.ts';
import { ImageFilesPicker } from './image-files-picker.tsx';

const MAX_IMAGES = CALLS['forum.createThread'].files.f.maxCount;

/** Starts a thread: title, description and pictures; then opens it. */
export function NewThreadDialog({ onClose }: { onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const navigate = useNavigate();
  const create = useCreateThread();

  return (
    <Dialog title="New thread" isOpen onClose={onClose}>
      <Form
        aria-label="New thread"
        submitLabel="Start thread"
        successMessage={null}
        onSubmit={(data) => {
          const { title, description } = readForm(data, { title: 'text', description: 'text' });
          return create.mutateAsync({ title, description, images: files });
        }}
        onSuccess={({ id }) => {
          onClose();
          void navigate(forumPath(id), { state: { focusThread: true } });
        }}
        actions={
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        }
      >
        <FormField label="Title" name="title" required maxLength={200} data-autofocus />
        <TextAreaField label="Description" name="description" required rows={6} maxLength={20000} hint="Line breaks are kept, and web addresses become links." />
        <ImageFilesPicker files={files} onChange={setFiles} max={MAX_IMAGES} />
      </Form>
    </Dialog>
  );
}
