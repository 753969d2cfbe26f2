import { useEffect, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR_MESSAGE, isApiError } from '../../api/client.ts';
import { FormField } from '../../components/form-field.tsx';
import { ImagePicker, KEEP_IMAGE, type ImageChoice } from '../../components/image-picker/image-picker.tsx';
import { Form } from '../../components/form.tsx';
import { readForm } from '../../components/form-values.ts';
import { loadContractCheck } from '../../components/load-contract-check.ts';
import type { BoardYear } from './history-rules.ts';
import { useSaveBoardYear } from './api/board-members.ts';
import './history.css';

export type BoardEditorProps = {
  /** The year to start from; its seats fill the rows. */
  board: BoardYear;
  /** Years that already have a board (and keep their own picture when none is chosen). */
  savedYears: readonly number[];
  /** Called with the year just saved, so the view can show it. */
  onSaved: (year: number) => void;
  /** Hears whether the editor holds changes not yet saved (for the page's unsaved-changes guard). */
  onDirtyChange?: (isDirty: boolean) => void;
};

type Row = { key: number; post: string; member: string };

let rowKeySequence = 0;
const makeRow = (post = '', member = ''): Row => ({ key: (rowKeySequence += 1), post, member });

/** Edits a year's board as rows of post and member; a post may take several rows. */
export function BoardEditor({ board, savedYears, onSaved, onDirtyChange }: BoardEditorProps) {
  const [rows, setRows] = useState<Row[]>(() => (board.seats.length > 0 ? board.seats.map((seat) => makeRow(seat.post, seat.member)) : [makeRow()]));
  const [picture, setPicture] = useState<ImageChoice>(KEEP_IMAGE);
  const [year, setYear] = useState(String(board.year));
  const seatsOf = (list: readonly { post: string; member: string }[]) =>
    JSON.stringify(list.map(({ post, member }) => [post.trim(), member.trim()]).filter(([post, member]) => post !== '' || member !== ''));
  const isDirty = year.trim() !== String(board.year) || picture.kind !== 'keep' || seatsOf(rows) !== seatsOf(board.seats);
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  // The row to focus once it is on screen, after Add row.
  const focusKeyRef = useRef<number | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  // Resolves once the list is reloaded, so the view never shows the board as it was.
  const save = useSaveBoardYear();

  const updateRow = (key: number, change: Partial<Row>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function addRow() {
    const row = makeRow();
    focusKeyRef.current = row.key;
    setRows((current) => [...current, row]);
  }

  function removeRow(key: number) {
    setRows((current) => current.filter((row) => row.key !== key));
    // The pressed button disappears; focus must not fall back to the page top.
    addButtonRef.current?.focus();
  }

  return (
    <Form
      aria-label="Edit the board"
      className="board-editor"
      noValidate
      preload={loadContractCheck}
      validate={async (data) => {
        const yearProblem = await (await loadContractCheck()).checkAgainstContract('boardMembers.save', readForm(data, { y: 'text' }));
        if (yearProblem !== null) return yearProblem;
        const filled = rows.filter((row) => row.post.trim() !== '' || row.member.trim() !== '');
        if (filled.length === 0) return 'Please enter at least one post and member for the board.';
        const noMember = filled.find((row) => row.member.trim() === '');
        if (noMember) return `Please enter who holds the post "${noMember.post.trim()}", or remove that row.`;
        const noPost = filled.find((row) => row.post.trim() === '');
        if (noPost) return `Please enter the post that ${noPost.member.trim()} holds, or remove that row.`;
        return null;
      }}
      onSubmit={async (data) => {
        const year = Number(readForm(data, { y: 'text' }).y);
        // "Leave empty to keep the current one": a board saved under a new year takes the
        // picture shown in the editor along, as the server keeps pictures per year.
        const carried = picture.kind === 'keep' && board.imageUrl !== '' && !savedYears.includes(year) ? await fetchPicture(board.imageUrl) : null;
        const file = picture.kind === 'new' ? picture.file : carried;
        await save.mutateAsync({
          body: { y: year, p: rows.map((row) => row.post), m: rows.map((row) => row.member) },
          files: file !== null ? { f: file } : {},
        });
        return year;
      }}
      onSuccess={onSaved}
    >
      <FormField
        label="Year"
        name="y"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={String(board.year)}
        onChange={(event) => setYear(event.currentTarget.value)}
        required
        hint="Saving replaces everyone listed for this year."
        className="board-editor__year"
      />
      <fieldset className="board-editor__seats">
        <legend>Posts and members</legend>
        <div className="board-editor__head" aria-hidden="true">
          <span>Post</span>
          <span>Member</span>
        </div>
        <ol className="board-editor__rows">
          {rows.map((row, index) => (
            <li key={row.key} className="board-editor__row">
              <label className="visually-hidden" htmlFor={`board-post-${row.key}`}>
                Post, row {index + 1}
              </label>
              <input
                id={`board-post-${row.key}`}
                className="form-field__input"
                value={row.post}
                placeholder="Post"
                maxLength={200}
                autoComplete="off"
                ref={(element) => {
                  if (element !== null && focusKeyRef.current === row.key) {
                    focusKeyRef.current = null;
                    element.focus();
                  }
                }}
                onChange={(event) => updateRow(row.key, { post: event.currentTarget.value })}
              />
              <label className="visually-hidden" htmlFor={`board-member-${row.key}`}>
                Member, row {index + 1}
              </label>
              <input
                id={`board-member-${row.key}`}
                className="form-field__input"
                value={row.member}
                placeholder="Member"
                maxLength={200}
                autoComplete="off"
                onChange={(event) => updateRow(row.key, { member: event.currentTarget.value })}
              />
              <button type="button" className="button board-editor__remove" onClick={() => removeRow(row.key)} disabled={rows.length === 1}>
                Remove<span className="visually-hidden"> row {index + 1}</span>
              </button>
            </li>
          ))}
        </ol>
        <button ref={addButtonRef} type="button" className="button" onClick={addRow}>
          Add row
        </button>
      </fieldset>
      <ImagePicker
        label={board.imageUrl === '' ? 'Background picture' : 'Replace the background picture'}
        hint="Optional. A wide landscape photo works best; leave empty to keep the current one."
        fileKind="image"
        currentUrl={board.imageUrl}
        currentAlt={'The board’s current background picture'}
        choice={picture}
        onChange={setPicture}
      />
    </Form>
  );
}

async function fetchPicture(url: string): Promise<File> {
  let blob: Blob;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new ApiError('The current picture could not be read; choose it again.', response.status);
    blob = await response.blob();
  } catch (error) {
    throw isApiError(error) ? error : new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  return new File([blob], url.split('/').pop() ?? 'board.jpg', { type: blob.type || 'image/jpeg' });
}
