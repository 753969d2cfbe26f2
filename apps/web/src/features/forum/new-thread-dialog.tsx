import { CALLS } from '@club/contracts/plain';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { forumPath } from '../../lib/paths.ts';
import { Dialog } from '../../components/dialog.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ChosenFileItem, ImagePicker } from '../../components/image-picker/image-picker.tsx';
import { readForm } from '../../components/form-values.ts';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useGuardedEditor } from '../../components/unsaved-changes.tsx';
import { useCreateThread } from './api/create-thread.ts';

const MAX_IMAGES = CALLS['forum.createThread'].files.f.maxCount;

/** Starts a thread: title, description and pictures; then opens it. */
export function NewThreadDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const pickerRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const create = useCreateThread();
  const editor = useGuardedEditor(onClose);

  return (
    <>
      <Dialog title="New thread" isOpen onClose={editor.close}>
        <Form
          aria-label="New thread"
          onDirtyChange={editor.onDirtyChange}
          submitLabel="Start thread"
          successMessage={null}
          onSubmit={(data) => {
            const { title, description } = readForm(data, { title: 'text', description: 'text' });
            return create.mutateAsync({ title, description, images: files });
          }}
          onSuccess={({ id }) => {
            onCreated();
            onClose();
            void navigate(forumPath(id), { state: { focusThread: true } });
          }}
          actions={
            <button type="button" className="button" onClick={editor.close}>
              Cancel
            </button>
          }
        >
          <FormField label="Title" name="title" required maxLength={200} data-autofocus />
          <TextAreaField
            label="Description"
            name="description"
            required
            rows={6}
            maxLength={20000}
            hint="Line breaks are kept, and web addresses become links."
          />
          <ImagePicker
            mode="multiple"
            label={`Pictures (JPEG, up to ${MAX_IMAGES})`}
            hint="Optional. Photos of the part or the problem help others answer."
            items={files}
            keyOf={(file, index) => `${file.name}-${file.size}-${file.lastModified}-${index}`}
            renderItem={(file, index) => (
              <ChosenFileItem
                file={file}
                index={index}
                count={files.length}
                onRemove={() => {
                  setFiles(files.filter((_, at) => at !== index));
                  // After the render, when a full list's control is enabled again.
                  requestAnimationFrame(() => pickerRef.current?.focus());
                }}
              />
            )}
            listLabel="Chosen pictures"
            count={files.length}
            max={MAX_IMAGES}
            limitMessage={`A thread can have at most ${MAX_IMAGES} pictures.`}
            onAdd={(added) => setFiles([...files, ...added])}
            inputRef={pickerRef}
          />
        </Form>
      </Dialog>
      {editor.dialog}
    </>
  );
}
