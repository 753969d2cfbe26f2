import { MAX_ROUTE_STEPS, STOP_KINDS, STOP_KIND_LABELS, type StopKind } from '@club/contracts/plain';
import { useEffect, useId, useRef, useState, type Dispatch, type KeyboardEvent, type PointerEvent } from 'react';
import { resolveDraft, type DraftAction, type DraftState, type DraftStep } from './route-draft.ts';
import '../../components/form.css';

type Drag = { from: number; to: number; pointerId: number };

/**
 * The steps of a route, one card each, for a phone as much as a desk: type the instruction and
 * either distance (the other is worked out), a note, a stop; reorder by dragging the handle (mouse
 * or finger) or with the arrow keys on it; split a leg, delete a step, and undo the last change.
 */
export function StepsEditor({ state, dispatch }: { state: DraftState; dispatch: Dispatch<DraftAction> }) {
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** The step whose handle keeps the focus after a keyboard move (its key, stable across moves). */
  const focusKeyRef = useRef<string | null>(null);
  const resolved = resolveDraft(state.steps);
  const { steps } = state;

  useEffect(() => {
    const key = focusKeyRef.current;
    if (key === null) return;
    focusKeyRef.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-step-key="${key}"] .step-edit__handle`)?.focus();
  });

  // touch-action: none keeps the page still under a finger on a handle, but Chrome still reads a
  // drag released in motion as a fling, and swallows the next tap as the one that stops it: Undo
  // right after a quick drag did nothing. A handled touchmove is no gesture, so no fling follows.
  // React listens to touch events passively, hence the listener of our own.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const holdStill = (event: TouchEvent) => {
      if (event.target instanceof Element && event.target.closest('.step-edit__handle')) event.preventDefault();
    };
    list.addEventListener('touchmove', holdStill, { passive: false });
    return () => list.removeEventListener('touchmove', holdStill);
  }, []);

  const move = (from: number, to: number, how: 'keyboard' | 'drag' | 'button') => {
    const step = steps[from];
    if (!step || to < 0 || to >= steps.length || from === to) return;
    dispatch({ type: 'move', from, to });
    setAnnouncement(`Step ${from + 1} moved to position ${to + 1} of ${steps.length}.`);
    if (how !== 'drag') focusKeyRef.current = step.key;
  };

  /**
   * Where a step dragged from `from` lands with the pointer at this height: before the first step
   * whose middle is below the pointer (after the last one when none is), counted once it has left.
   */
  const dropIndexAt = (from: number, clientY: number): number => {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>(':scope > .step-edit') ?? [])];
    const below = items.findIndex((item) => {
      const box = item.getBoundingClientRect();
      return clientY < box.top + box.height / 2;
    });
    const slot = below < 0 ? items.length : below;
    return slot > from ? slot - 1 : slot;
  };

  const handleKeys = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: steps.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(index, target, 'keyboard');
  };

  const startDrag = (event: PointerEvent<HTMLButtonElement>, index: number) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ from: index, to: index, pointerId: event.pointerId });
  };
  const moveDrag = (event: PointerEvent<HTMLButtonElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    const to = dropIndexAt(drag.from, event.clientY);
    if (to !== drag.to) setDrag({ ...drag, to });
  };
  const endDrag = (event: PointerEvent<HTMLButtonElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag(null);
    move(drag.from, drag.to, 'drag');
  };

  return (
    <section className="steps-editor" aria-labelledby={`${id}-heading`}>
      <div className="steps-editor__bar">
        <h2 id={`${id}-heading`}>Steps ({steps.length})</h2>
        <button type="button" className="button" onClick={() => dispatch({ type: 'undo' })} disabled={state.past.length === 0}>
          Undo last change
        </button>
      </div>
      <p className="steps-editor__help" id={`${id}-help`}>
        Type each step’s leg (from the step before) or its distance from the start; the other is worked out. To reorder, drag a step by its number, or focus the
        number and press the up and down arrow keys.
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <ol className="steps-editor__list" ref={listRef}>
        {steps.map((step, index) => (
          <StepCard
            key={step.key}
            step={step}
            index={index}
            count={steps.length}
            legText={resolved.isValid ? String(resolved.legs[index] ?? '') : undefined}
            atText={resolved.isValid ? String(resolved.at[index] ?? '') : undefined}
            problem={!resolved.isValid && resolved.step === index + 1 ? resolved.message : undefined}
            dragState={drag === null ? 'none' : drag.from === index ? 'dragged' : drag.to === index ? 'target' : 'none'}
            helpId={`${id}-help`}
            dispatch={dispatch}
            onMove={(to) => move(index, to, 'button')}
            onHandleKeyDown={(event) => handleKeys(event, index)}
            onHandlePointerDown={(event) => startDrag(event, index)}
            onHandlePointerMove={moveDrag}
            onHandlePointerUp={endDrag}
            onHandlePointerCancel={() => setDrag(null)}
          />
        ))}
      </ol>
      <p className="button-row">
        <button type="button" className="button" onClick={() => dispatch({ type: 'add' })} disabled={steps.length >= MAX_ROUTE_STEPS}>
          Add a step
        </button>
      </p>
    </section>
  );
}

type StepCardProps = {
  step: DraftStep;
  index: number;
  count: number;
  /** The worked-out distances, or undefined while a step breaks the rules. */
  legText: string | undefined;
  atText: string | undefined;
  /** What is wrong with this step's distance, told at the step (on a phone the list is long). */
  problem: string | undefined;
  dragState: 'none' | 'dragged' | 'target';
  helpId: string;
  dispatch: Dispatch<DraftAction>;
  onMove: (to: number) => void;
  onHandleKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onHandlePointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
  onHandlePointerMove: (event: PointerEvent<HTMLButtonElement>) => void;
  onHandlePointerUp: (event: PointerEvent<HTMLButtonElement>) => void;
  onHandlePointerCancel: () => void;
};

function StepCard({ step, index, count, legText, atText, problem, dragState, helpId, dispatch, onMove, onHandleKeyDown, ...pointer }: StepCardProps) {
  const id = useId();
  const number = index + 1;
  const update = (patch: Partial<Omit<DraftStep, 'key'>>) => dispatch({ type: 'update', key: step.key, patch });
  // The typed distance shows as typed; the other one as worked out.
  const legValue = step.typed === 'leg' ? step.leg : (legText ?? step.leg);
  const atValue = step.typed === 'at' ? step.at : (atText ?? step.at);
  const isBroken = problem !== undefined;
  const problemId = `${id}-problem`;
  return (
    <li className={`step-edit step-edit--${dragState}${step.stop ? ' step-edit--stop' : ''}`} data-step-key={step.key}>
      <div className="step-edit__head">
        <button
          type="button"
          className="step-edit__handle"
          aria-label={`Step ${number} of ${count}: drag, or press the up and down arrow keys, to move it`}
          aria-describedby={helpId}
          onKeyDown={onHandleKeyDown}
          onPointerDown={pointer.onHandlePointerDown}
          onPointerMove={pointer.onHandlePointerMove}
          onPointerUp={pointer.onHandlePointerUp}
          onPointerCancel={pointer.onHandlePointerCancel}
        >
          <span aria-hidden="true">⠿</span> {number}
        </button>
        <button
          type="button"
          className="button step-edit__button"
          onClick={() => onMove(index - 1)}
          disabled={index === 0}
          aria-label={`Move step ${number} up`}
        >
          ↑
        </button>
        <button
          type="button"
          className="button step-edit__button"
          onClick={() => onMove(index + 1)}
          disabled={index === count - 1}
          aria-label={`Move step ${number} down`}
        >
          ↓
        </button>
        <span className="step-edit__spacer" />
        <button
          type="button"
          className="button step-edit__button"
          onClick={() => dispatch({ type: 'split', index })}
          aria-label={`Split step ${number}’s leg in two`}
        >
          Split
        </button>
        <button
          type="button"
          className="button step-edit__button button--danger"
          onClick={() => dispatch({ type: 'remove', index })}
          aria-label={`Delete step ${number}`}
        >
          Delete
        </button>
      </div>
      <div className="form-field step-edit__instruction">
        <label className="form-field__label" htmlFor={`${id}-instruction`}>
          Step {number}: instruction
        </label>
        <input
          id={`${id}-instruction`}
          className="form-field__input"
          value={step.instruction}
          maxLength={300}
          required
          autoComplete="off"
          placeholder="e.g. L on Old State Rd"
          onChange={(event) => update({ instruction: event.target.value })}
        />
      </div>
      <div className="step-edit__distances">
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-leg`}>
            Leg (mi)
          </label>
          <input
            id={`${id}-leg`}
            className="form-field__input"
            inputMode="decimal"
            value={legValue}
            aria-invalid={isBroken && step.typed === 'leg' ? true : undefined}
            aria-describedby={isBroken && step.typed === 'leg' ? problemId : undefined}
            onChange={(event) => update({ leg: event.target.value, typed: 'leg' })}
          />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-at`}>
            {/* "from start" is heard, and said in the help above: on a phone the label keeps to one line. */}
            At (mi<span className="visually-hidden"> from start</span>)
          </label>
          <input
            id={`${id}-at`}
            className="form-field__input"
            inputMode="decimal"
            value={atValue}
            aria-invalid={isBroken && step.typed === 'at' ? true : undefined}
            aria-describedby={isBroken && step.typed === 'at' ? problemId : undefined}
            onChange={(event) => update({ at: event.target.value, typed: 'at' })}
          />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-stop`}>
            Stop
          </label>
          <select id={`${id}-stop`} className="form-field__input" value={step.stop} onChange={(event) => update({ stop: event.target.value as '' | StopKind })}>
            <option value="">None</option>
            {STOP_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {STOP_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {problem !== undefined && (
        <p className="form__message form__message--error step-edit__problem" id={problemId} role="alert">
          {problem}
        </p>
      )}
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-note`}>
          Note
        </label>
        <input
          id={`${id}-note`}
          className="form-field__input"
          value={step.note}
          maxLength={300}
          autoComplete="off"
          placeholder="e.g. narrow bridge, stay in low gear"
          onChange={(event) => update({ note: event.target.value })}
        />
      </div>
      <details className="step-edit__coordinates">
        <summary>Coordinates{step.lat && step.lon ? `: ${step.lat}, ${step.lon}` : ' (optional)'}</summary>
        <div className="step-edit__distances step-edit__distances--two">
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-lat`}>
              Latitude
            </label>
            <input
              id={`${id}-lat`}
              className="form-field__input"
              inputMode="decimal"
              value={step.lat}
              onChange={(event) => update({ lat: event.target.value })}
            />
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-lon`}>
              Longitude
            </label>
            <input
              id={`${id}-lon`}
              className="form-field__input"
              inputMode="decimal"
              value={step.lon}
              onChange={(event) => update({ lon: event.target.value })}
            />
          </div>
        </div>
      </details>
    </li>
  );
}
