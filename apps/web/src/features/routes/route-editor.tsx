import { ROUTE_VISIBILITIES, ROUTE_VISIBILITY_LABELS, type RouteVisibility } from '@club/contracts/plain';
import type { Route } from '@club/contracts';
import { useReducer, useState } from 'react';
import { FieldFrame } from '../../components/field-frame.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useSaveRoute } from './api/route-writes.ts';
import { draftFromSteps, draftReducer, resolveDraft } from './route-draft.ts';
import { StepsEditor } from './steps-editor.tsx';
import './routes.css';

/** A route's title, places and who may see it, and its steps; saves the lot at once. */
export function RouteEditor({ route, onSaved }: { route?: Route; onSaved: (id: number) => void }) {
  const [state, dispatch] = useReducer(draftReducer, route?.steps ?? [], draftFromSteps);
  const save = useSaveRoute();
  const [savedAt, setSavedAt] = useState(0);
  return (
    <Form
      aria-label={route ? 'Edit route' : 'New route'}
      className="route-form"
      submitLabel="Save route"
      clearMessagesKey={state.steps}
      validate={() => {
        const resolved = resolveDraft(state.steps);
        if (!resolved.isValid) return resolved.message;
        const blank = state.steps.findIndex((step) => step.instruction.trim() === '');
        return blank < 0 ? null : `Step ${blank + 1} needs an instruction (or delete it).`;
      }}
      onSubmit={async (data) => {
        const text = (name: string) => String(data.get(name) ?? '');
        return save.mutateAsync({
          id: route?.id ?? 0,
          title: text('title'),
          description: text('description'),
          start: text('start'),
          finish: text('finish'),
          region: text('region'),
          visibility: text('visibility') as RouteVisibility,
          steps: state.steps,
        });
      }}
      onSuccess={(id) => {
        setSavedAt(Date.now());
        onSaved(id);
      }}
    >
      <div className="route-form__grid" data-saved={savedAt}>
        <FormField label="Title" name="title" required maxLength={150} defaultValue={route?.title ?? ''} autoComplete="off" />
        <FormField label="Region" name="region" maxLength={100} defaultValue={route?.region ?? ''} hint="e.g. Franklin County" autoComplete="off" />
        <FormField label="Start" name="start" maxLength={200} defaultValue={route?.start ?? ''} hint="Where the cars meet" autoComplete="off" />
        <FormField label="Finish" name="finish" maxLength={200} defaultValue={route?.finish ?? ''} autoComplete="off" />
        <FieldFrame label="Who may see it" name="visibility" hint="Routes past members’ homes stay members-only.">
          {(control) => (
            <select className="form-field__input" {...control} name="visibility" defaultValue={route?.visibility ?? 'members'}>
              {ROUTE_VISIBILITIES.map((visibility) => (
                <option key={visibility} value={visibility}>
                  {ROUTE_VISIBILITY_LABELS[visibility]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      </div>
      <TextAreaField label="Description" name="description" rows={3} maxLength={4000} defaultValue={route?.description ?? ''} />
      <StepsEditor state={state} dispatch={dispatch} />
    </Form>
  );
}
