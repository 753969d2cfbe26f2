import { useLocation } from 'react-router';

/**
 * The navigation state an editor passes to the list page after deleting what it edited. Editors
 * import only this type, and write `{ deleted: … } satisfies DeletedState`: importing a helper
 * from here would load this file's chunk with the editor (issue 28, the page's 40 KB).
 */
export type DeletedState = { deleted: string };

const deletedOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'deleted' in state && typeof state.deleted === 'string' ? state.deleted : undefined;

/** "Successfully Deleted" (the spec's message) on the list page an editor went to after a delete. */
export function DeletedNotice() {
  const deleted = deletedOf(useLocation().state);
  if (deleted === undefined) return null;
  return (
    <div className="notice" role="status">
      <p>
        <strong>Successfully Deleted</strong> “{deleted}” is gone.
      </p>
    </div>
  );
}
