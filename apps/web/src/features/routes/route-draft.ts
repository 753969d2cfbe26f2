import { MAX_ROUTE_STEPS, legsOf, resolveDistances, roundMiles, type StopKind, type TypedDistance } from '@club/contracts/plain';
import type { RouteStep } from '@club/contracts';

/**
 * The route editor's working copy: steps as typed (text, so a half-typed "12." stays on screen),
 * each with the distance the organiser typed, the leg or the cumulative one, the other worked out.
 * Every change keeps the steps before it, so Undo puts back the last change; typing on in the same
 * field counts as one change.
 */

export type DraftStep = {
  /** Stable across moves, for React and for focus. */
  key: string;
  instruction: string;
  leg: string;
  at: string;
  typed: 'leg' | 'at';
  note: string;
  stop: '' | StopKind;
  lat: string;
  lon: string;
};

export type DraftState = {
  steps: DraftStep[];
  /** Earlier versions of the steps, the latest last. */
  past: DraftStep[][];
  /** The step and fields of the last edit, so typing on joins it. */
  lastEdit: string | null;
};

export type DraftAction =
  | { type: 'add' }
  | { type: 'update'; key: string; patch: Partial<Omit<DraftStep, 'key'>> }
  | { type: 'move'; from: number; to: number }
  | { type: 'split'; index: number }
  | { type: 'remove'; index: number }
  | { type: 'replace'; steps: DraftStep[] }
  | { type: 'undo' };

const UNDO_DEPTH = 100;
let sequence = 0;
const newKey = () => `step-${(sequence += 1)}`;

const blankStep = (): DraftStep => ({ key: newKey(), instruction: '', leg: '', at: '', typed: 'leg', note: '', stop: '', lat: '', lon: '' });

const numberText = (value: number | null) => (value === null ? '' : String(value));

export function draftStepsFrom(steps: readonly RouteStep[]): DraftStep[] {
  return steps.map((step) => ({
    key: newKey(),
    instruction: step.instruction,
    leg: String(step.leg),
    at: String(step.at),
    typed: 'at',
    note: step.note,
    stop: step.stop,
    lat: numberText(step.lat),
    lon: numberText(step.lon),
  }));
}

export function draftFromSteps(steps: readonly RouteStep[]): DraftState {
  return { steps: draftStepsFrom(steps), past: [], lastEdit: null };
}

/** A typed distance: blank is none, anything else must read as a number. */
function parseMiles(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 'invalid';
}

export type ResolvedDraft = { isValid: true; at: number[]; legs: number[] } | { isValid: false; step: number; message: string };

/** Both distances of every step, or the first step that breaks the rules (counting from 1). */
export function resolveDraft(steps: readonly DraftStep[]): ResolvedDraft {
  const typed: TypedDistance[] = [];
  for (const [index, step] of steps.entries()) {
    const value = parseMiles(step.typed === 'at' ? step.at : step.leg);
    if (value === 'invalid') return { isValid: false, step: index + 1, message: `Step ${index + 1}: the distance must be a number of miles, like 12.4.` };
    typed.push(step.typed === 'at' ? { at: value } : { leg: value });
  }
  const resolved = resolveDistances(typed);
  if (!resolved.isValid) return resolved;
  return { isValid: true, at: resolved.distances, legs: legsOf(resolved.distances) };
}

/** The steps as route.save takes them: the typed distance only, coordinates when given. */
export function toSaveSteps(steps: readonly DraftStep[]) {
  return steps.map((step) => {
    const distance = parseMiles(step.typed === 'at' ? step.at : step.leg);
    const miles = distance === 'invalid' ? (step.typed === 'at' ? step.at : step.leg) : distance;
    return {
      instruction: step.instruction,
      ...(miles === null ? {} : step.typed === 'at' ? { at: miles } : { leg: miles }),
      note: step.note,
      stop: step.stop,
      ...(step.lat.trim() === '' && step.lon.trim() === '' ? {} : { lat: step.lat.trim(), lon: step.lon.trim() }),
    };
  });
}

/** The middle of two steps' coordinates, when both have them. */
function midpoint(a: DraftStep | undefined, b: DraftStep): { lat: string; lon: string } {
  const [aLat, aLon, bLat, bLon] = [a?.lat, a?.lon, b.lat, b.lon].map((text) => (text === undefined || text.trim() === '' ? Number.NaN : Number(text)));
  if ([aLat, aLon, bLat, bLon].some((value) => !Number.isFinite(value))) return { lat: '', lon: '' };
  return { lat: ((aLat as number) + (bLat as number)) / 2 + '', lon: ((aLon as number) + (bLon as number)) / 2 + '' };
}

function change(state: DraftState, steps: DraftStep[], lastEdit: string | null = null): DraftState {
  return { steps, past: [...state.past, state.steps].slice(-UNDO_DEPTH), lastEdit };
}

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'add':
      if (state.steps.length >= MAX_ROUTE_STEPS) return state;
      return change(state, [...state.steps, blankStep()]);
    case 'update': {
      const at = state.steps.findIndex((step) => step.key === action.key);
      if (at < 0) return state;
      const editKey = `${action.key}:${Object.keys(action.patch).sort().join(',')}`;
      const steps = state.steps.map((step) => (step.key === action.key ? { ...step, ...action.patch } : step));
      // Typing on in the same field of the same step is one change for Undo.
      if (state.lastEdit === editKey) return { ...state, steps };
      return change(state, steps, editKey);
    }
    case 'move': {
      const { from, to } = action;
      if (from === to || from < 0 || to < 0 || from >= state.steps.length || to >= state.steps.length) return state;
      const steps = [...state.steps];
      const [moved] = steps.splice(from, 1);
      if (!moved) return state;
      steps.splice(to, 0, moved);
      return change(state, steps);
    }
    case 'split': {
      const step = state.steps[action.index];
      if (!step || state.steps.length >= MAX_ROUTE_STEPS) return state;
      const resolved = resolveDraft(state.steps);
      const previous = state.steps[action.index - 1];
      const inserted: DraftStep = { ...blankStep(), ...midpoint(previous, step) };
      let kept = step;
      if (resolved.isValid) {
        const leg = resolved.legs[action.index] ?? 0;
        const before = action.index === 0 ? 0 : (resolved.at[action.index - 1] ?? 0);
        const half = roundMiles(leg / 2);
        if (step.typed === 'leg') {
          inserted.typed = 'leg';
          inserted.leg = String(half);
          kept = { ...step, leg: String(roundMiles(leg - half)) };
        } else {
          inserted.typed = 'at';
          inserted.at = String(roundMiles(before + half));
        }
      }
      const steps = [...state.steps];
      steps.splice(action.index, 1, inserted, kept);
      return change(state, steps);
    }
    case 'remove': {
      const removed = state.steps[action.index];
      if (!removed) return state;
      const next = state.steps[action.index + 1];
      const steps = state.steps.filter((_, i) => i !== action.index);
      // A leg typed after the removed step now starts where the removed one's did: it takes over its distance.
      const resolved = resolveDraft(state.steps);
      if (next?.typed === 'leg' && resolved.isValid) {
        const carried = (resolved.legs[action.index] ?? 0) + (resolved.legs[action.index + 1] ?? 0);
        steps[action.index] = { ...next, leg: String(roundMiles(carried)) };
      }
      return change(state, steps);
    }
    case 'replace':
      return change(state, action.steps);
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { steps: previous, past: state.past.slice(0, -1), lastEdit: null };
    }
  }
}
