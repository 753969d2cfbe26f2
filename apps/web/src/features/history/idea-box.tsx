import { useEffect, useId, useRef, useState } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { loadContractCheck } from '../../components/load-contract-check.ts';
import { Form } from '../../components/form.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useSession } from '../../session/index.ts';
import { useIdea, useSaveIdea } from './api/idea.ts';
import './idea-box.css';

const IDEA_FIELDS = { t: 'text', c: 'text', a: 'text' } as const;

/**
 * The club's Idea box: one idea with its title, text and author. History editors change it
 * in place; everyone else only reads it, and sees nothing while it is empty.
 */
export function IdeaBox() {
  const { can } = useSession();
  const canEdit = can('history');
  const save = useSaveIdea();
  const headingId = useId();
  const [isEditing, setIsEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditingRef = useRef(false);
  const query = useIdea();

  useEffect(() => {
    // Leaving the editor puts focus back on the button that opened it, not on the page top.
    if (wasEditingRef.current && !isEditing) editButtonRef.current?.focus();
    wasEditingRef.current = isEditing;
  }, [isEditing]);

  const idea = query.data;
  if (idea === undefined) return null;
  const isEmpty = idea.title === '' && idea.content === '';
  if (isEmpty && !canEdit) return null;

  if (isEditing && canEdit) {
    return (
      <section className="idea-box" aria-labelledby={headingId}>
        <h2 id={headingId} className="idea-box__title">
          Edit the Idea box
        </h2>
        <Form
          aria-label="Idea box"
          // The browser's "required" takes spaces for a title; the contract (as the server) does not.
          preload={loadContractCheck}
          validate={async (data) => (await loadContractCheck()).contractFieldErrors('idea.set', readForm(data, IDEA_FIELDS))}
          onSubmit={async (data) => {
            await save.mutateAsync({
              body: readForm(data, IDEA_FIELDS),
            });
          }}
          actions={
            <button type="button" className="button" onClick={() => setIsEditing(false)}>
              Done
            </button>
          }
        >
          <FormField label="Title" name="t" defaultValue={idea.title} required maxLength={200} autoFocus />
          <TextAreaField label="Idea" name="c" defaultValue={idea.content} required maxLength={8000} rows={5} />
          <FormField label="Author" name="a" defaultValue={idea.author} maxLength={200} />
        </Form>
      </section>
    );
  }

  return (
    <aside className="idea-box" aria-labelledby={headingId}>
      <p className="idea-box__label">Idea box</p>
      {isEmpty ? (
        <h2 id={headingId} className="idea-box__title">
          No idea posted yet
        </h2>
      ) : (
        <>
          <h2 id={headingId} className="idea-box__title">
            {idea.title}
          </h2>
          <p className="idea-box__content">{idea.content}</p>
          {idea.author !== '' && <p className="idea-box__author">{idea.author}</p>}
        </>
      )}
      {canEdit && (
        <button ref={editButtonRef} type="button" className="button" onClick={() => setIsEditing(true)}>
          Edit the Idea box
        </button>
      )}
    </aside>
  );
}
