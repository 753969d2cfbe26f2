import { describe, expect, it } from 'vitest';
import type { RouteStep } from '@club/contracts';
import { draftFromSteps, draftReducer, resolveDraft, toSaveSteps, type DraftState, type DraftStep } from './route-draft.ts';

const saved = (instruction: string, at: number, extra: Partial<RouteStep> = {}): RouteStep => ({
  instruction,
  at,
  leg: 0,
  note: '',
  stop: '',
  lat: null,
  lon: null,
  ...extra,
});

const start = (): DraftState =>
  draftFromSteps([saved('Leave the church lot', 0), saved('L on Old State Rd', 3.2), saved('Gas at Eureka', 12.4, { stop: 'fuel', lat: 38.5, lon: -90.6 })]);

const instructions = (state: DraftState) => state.steps.map((step) => step.instruction);
const only = (state: DraftState, index: number): DraftStep => {
  const step = state.steps[index];
  if (!step) throw new Error(`no step ${index}`);
  return step;
};

describe('the route editor’s draft', () => {
  it('starts from saved steps with their cumulative distances, the legs worked out', () => {
    const state = start();
    expect(resolveDraft(state.steps)).toEqual({ isValid: true, at: [0, 3.2, 12.4], legs: [0, 3.2, 9.2] });
  });

  it('adds a step at the end, and one typed by its leg follows the step before', () => {
    let state = draftReducer(start(), { type: 'add' });
    state = draftReducer(state, { type: 'update', key: only(state, 3).key, patch: { instruction: 'Lunch at the diner', leg: '0.8', typed: 'leg' } });
    expect(instructions(state)).toEqual(['Leave the church lot', 'L on Old State Rd', 'Gas at Eureka', 'Lunch at the diner']);
    expect(resolveDraft(state.steps)).toMatchObject({ isValid: true, at: [0, 3.2, 12.4, 13.2] });
  });

  it('moves a step up or down, and says which step then goes back in distance', () => {
    const state = draftReducer(start(), { type: 'move', from: 2, to: 1 });
    expect(instructions(state)).toEqual(['Leave the church lot', 'Gas at Eureka', 'L on Old State Rd']);
    expect(resolveDraft(state.steps)).toMatchObject({ isValid: false, step: 3 });
  });

  it('splits a step’s leg in two: a new step halfway, its coordinates between the neighbours’', () => {
    let state = draftReducer(start(), { type: 'split', index: 2 });
    expect(instructions(state)).toEqual(['Leave the church lot', 'L on Old State Rd', '', 'Gas at Eureka']);
    expect(resolveDraft(state.steps)).toMatchObject({ isValid: true, at: [0, 3.2, 7.8, 12.4], legs: [0, 3.2, 4.6, 4.6] });
    // A leg typed as a leg is halved in place, so the steps after keep their distances.
    state = draftReducer(state, { type: 'update', key: only(state, 3).key, patch: { leg: '4.6', typed: 'leg' } });
    state = draftReducer(state, { type: 'split', index: 3 });
    expect(resolveDraft(state.steps)).toMatchObject({ isValid: true, at: [0, 3.2, 7.8, 10.1, 12.4] });
  });

  it('deletes a step; a typed leg after it takes over its distance', () => {
    let state = draftFromSteps([saved('a', 0), saved('b', 2), saved('c', 5)]);
    state = draftReducer(state, { type: 'update', key: only(state, 2).key, patch: { leg: '3', typed: 'leg' } });
    state = draftReducer(state, { type: 'remove', index: 1 });
    expect(instructions(state)).toEqual(['a', 'c']);
    expect(resolveDraft(state.steps)).toMatchObject({ isValid: true, at: [0, 5] });
  });

  it('undoes the last change, and typing in one field counts as one change', () => {
    let state = start();
    const key = only(state, 1).key;
    for (const text of ['L', 'L on', 'L on Main']) state = draftReducer(state, { type: 'update', key, patch: { instruction: text } });
    state = draftReducer(state, { type: 'remove', index: 0 });
    expect(instructions(state)).toEqual(['L on Main', 'Gas at Eureka']);
    state = draftReducer(state, { type: 'undo' });
    expect(instructions(state)).toEqual(['Leave the church lot', 'L on Main', 'Gas at Eureka']);
    state = draftReducer(state, { type: 'undo' });
    expect(instructions(state)).toEqual(['Leave the church lot', 'L on Old State Rd', 'Gas at Eureka']);
    expect(state.past).toEqual([]);
    expect(draftReducer(state, { type: 'undo' })).toBe(state);
  });

  it('sends each step with the distance the organiser typed, and coordinates only when both are given', () => {
    let state = start();
    state = draftReducer(state, { type: 'update', key: only(state, 1).key, patch: { leg: '3.2', typed: 'leg', note: 'narrow bridge', lat: '38.55', lon: '' } });
    expect(toSaveSteps(state.steps)).toEqual([
      { instruction: 'Leave the church lot', at: 0, note: '', stop: '' },
      { instruction: 'L on Old State Rd', leg: 3.2, note: 'narrow bridge', stop: '', lat: '38.55', lon: '' },
      { instruction: 'Gas at Eureka', at: 12.4, note: '', stop: 'fuel', lat: '38.5', lon: '-90.6' },
    ]);
  });

  it('refuses a distance that is not a number, naming the step', () => {
    const first = start();
    const state = draftReducer(first, { type: 'update', key: only(first, 1).key, patch: { at: 'abc', typed: 'at' } });
    expect(resolveDraft(state.steps)).toMatchObject({ isValid: false, step: 2, message: expect.stringMatching(/Step 2.*number of miles/) });
  });
});
