/**
 * The checks against the contracts (contract-check.ts), for a form's `validate`: loaded when the
 * form's fields first change (its `preload`) or it is sent, never with its page. Not in
 * form-values.ts, which every form's page loads: the import's list of files would ride along.
 */
export const loadContractCheck = () => import('./contract-check.ts');
