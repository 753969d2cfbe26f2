import type { Newsletter } from '@club/contracts';
import { FIELD_MESSAGES, MONTHS, newsletterTitle, readEditionFromFileName } from '@club/contracts/plain';
import { useId, useRef, useState } from 'react';
import { ApiError, isApiError } from '../../api/api-error.ts';
import { useAddNewsletter } from './api/newsletters.ts';
import { Dialog } from '../../components/dialog.tsx';
import { FieldFrame } from '../../components/field-frame.tsx';
import { summarizeFieldErrors } from '../../components/form-errors.ts';
import { FormField } from '../../components/form-field.tsx';
import { FileChooser } from '../../components/image-picker/file-chooser.tsx';
import { formatFileSize, sortChosenFiles, type Refusal } from '../../components/image-picker/image-file.ts';
import { Form } from '../../components/form.tsx';
import { readForm } from '../../components/form-values.ts';
import { loadContractCheck } from '../../components/load-contract-check.ts';
import { useGuardedEditor } from '../../components/unsaved-changes.tsx';
import { defaultNewsletterYear, findSameEdition } from './archive-rules.ts';

const FIELDS = { m: 'text', y: 'text', s: 'flag' } as const;
const FILE_REQUIRED = FIELD_MESSAGES.notChosen('newsletter file');

export type AddNewsletterDialogProps = {
  /** The editions already stored, to ask before replacing one. */
  editions: readonly Newsletter[];
  /** The saved edition's title, and why its cover is plain when the server could not draw it. */
  onSaved: (title: string, coverWarning?: string) => void;
  onClose: () => void;
};

type Question = { title: string; answer: (isReplacing: boolean) => void };

/** Adds an edition of Valley News; asks first when that month is already in the archive. */
export function AddNewsletterDialog({ editions, onSaved, onClose }: AddNewsletterDialogProps) {
  const save = useAddNewsletter();
  const editor = useGuardedEditor(onClose);
  const [month, setMonth] = useState('');
  const [year, setYear] = useState(String(defaultNewsletterYear()));
  const [isSpecial, setIsSpecial] = useState(false);
  const [question, setQuestion] = useState<Question | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  /** Messages beside the fields from the last check, by wire name; each goes once its field changes. */
  const [errors, setErrors] = useState<Partial<Record<'f' | 'm' | 'y', string>>>({});
  /**
   * Counts the fields changed since the page opened. A check of the fields runs on every input
   * (the Form re-checks as they are fixed) and answers after loading the contracts; a file chosen
   * meanwhile fills in the month, so that check read the form as it was and its messages are stale.
   */
  const editsRef = useRef(0);
  const clearErrors = (...fields: ('f' | 'm' | 'y')[]) => {
    editsRef.current += 1;
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as 'f' | 'm' | 'y'))));
  };
  const specialId = useId();

  /** Takes a file of the right kind and size, and prefills month, year and Special from a name like "Valley News March 2025.pdf". */
  function choose(chosen: File) {
    const { accepted, refusals: refused } = sortChosenFiles([chosen], 'image-or-pdf', 1, '');
    setRefusals(refused);
    setFile(accepted[0] ?? null);
    if (accepted.length === 0) return;
    clearErrors('f');
    const edition = readEditionFromFileName(chosen.name);
    if (edition.month !== undefined) {
      setMonth(String(edition.month));
      clearErrors('m');
    }
    if (edition.year !== undefined) {
      setYear(String(edition.year));
      clearErrors('y');
    }
    setIsSpecial(edition.isSpecial);
  }

  /** Opens the question and waits for the editor's answer. */
  const askToReplace = (title: string) => new Promise<boolean>((resolve) => setQuestion({ title, answer: resolve }));

  async function send(data: FormData) {
    const values = readForm(data, FIELDS);
    if (!file) throw new ApiError(FILE_REQUIRED, 400);
    const edition = { year: Number(values.y), month: Number(values.m), isSpecial: values.s === 1 };
    const title = newsletterTitle(edition);
    const upload = (replace: 0 | 1) => save.mutateAsync({ body: { i: 0, ...values, r: replace }, files: { f: file } });
    const nothingSaved = () => new ApiError(`Nothing was saved; ${title} stays as it was.`, 0);

    if (findSameEdition(editions, edition)) {
      if (!(await askToReplace(title))) throw nothingSaved();
      return upload(1);
    }
    try {
      return await upload(0);
    } catch (error) {
      // Someone else added that month meanwhile: the server asks (409), and so do we.
      if (!isApiError(error) || error.status !== 409) throw error;
      if (!(await askToReplace(title))) throw nothingSaved();
      return upload(1);
    }
  }

  function answer(isReplacing: boolean) {
    question?.answer(isReplacing);
    setQuestion(null);
  }

  return (
    <>
      <Dialog title="Add Newsletter" isOpen onClose={editor.close}>
        <Form
          aria-label="Add newsletter"
          onDirtyChange={editor.onDirtyChange}
          preload={loadContractCheck}
          noValidate
          submitLabel="Save"
          validate={async (data) => {
            // Everything missing at once, each beside its field, not one item per try.
            const edits = editsRef.current;
            const { m, y } = await (await loadContractCheck()).contractFieldErrors('newsletter.set', readForm(data, FIELDS));
            const found = { ...(file ? {} : { f: FILE_REQUIRED }), ...(m === undefined ? {} : { m }), ...(y === undefined ? {} : { y }) };
            if (edits === editsRef.current) setErrors(found);
            return summarizeFieldErrors(Object.keys(found).length);
          }}
          // Choosing a file fills in the month and year: a message about them (or the file) is then stale.
          clearMessagesKey={`${file?.name}|${month}|${year}|${isSpecial}`}
          onSubmit={(data) => send(data)}
          onSuccess={(reply) => onSaved(reply.n.replace(/\.[a-z]+$/, ''), reply.w)}
          actions={
            <button type="button" className="button" onClick={editor.close}>
              Cancel
            </button>
          }
        >
          <FileChooser
            label="Newsletter file"
            buttonText={file === null ? 'Choose a file' : 'Choose another file'}
            status={file === null ? 'No file chosen yet.' : `Chosen: ${file.name} (${formatFileSize(file.size)}).`}
            hint="A PDF, or a picture (JPEG, PNG, WebP or GIF). A name like “Valley News March 2025.pdf” fills in the month and year."
            refusals={refusals}
            error={errors.f}
            fileKind="image-or-pdf"
            isRequired
            isAutofocus
            onChoose={([chosen]) => chosen && choose(chosen)}
          />
          <FieldFrame label="Month" required error={errors.m}>
            {(control) => (
              <select
                className="form-field__input"
                {...control}
                name="m"
                required
                value={month}
                onChange={(event) => {
                  setMonth(event.target.value);
                  clearErrors('m');
                }}
              >
                <option value="">Choose the month</option>
                {MONTHS.map((name, index) => (
                  <option key={name} value={String(index + 1)}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <FormField
            label="Year"
            name="y"
            inputMode="numeric"
            autoComplete="off"
            required
            value={year}
            error={errors.y}
            onChange={(event) => {
              setYear(event.target.value);
              clearErrors('y');
            }}
          />
          <div className="newsletter-special">
            <input id={specialId} type="checkbox" name="s" checked={isSpecial} onChange={(event) => setIsSpecial(event.target.checked)} />
            <label htmlFor={specialId}>Special edition</label>
          </div>
        </Form>
        {question !== null && (
          <Dialog
            title="Replace this newsletter?"
            isOpen
            onClose={() => answer(false)}
            footer={
              <>
                <button type="button" className="button" onClick={() => answer(false)} data-autofocus>
                  Cancel
                </button>
                <button type="button" className="button button--primary" onClick={() => answer(true)}>
                  Replace
                </button>
              </>
            }
          >
            <p>{question.title} is already in the archive. Replace it with the file you chose?</p>
          </Dialog>
        )}
      </Dialog>
      {editor.dialog}
    </>
  );
}
