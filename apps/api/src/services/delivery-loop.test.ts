import { describe, expect, it, vi } from 'vitest';
import { afterFailedAttempt, createDeliveryLoop } from './delivery-loop.ts';

/** A round that stays open until the test lets it finish. */
function controllableRounds() {
  const releases: (() => void)[] = [];
  let active = 0;
  let maxActive = 0;
  const round = vi.fn(async () => {
    active += 1;
    maxActive = Math.max(maxActive, active);
    await new Promise<void>((resolve) => releases.push(resolve));
    active -= 1;
    return round.mock.calls.length;
  });
  const releaseNext = async () => {
    for (let i = 0; i < 50 && releases.length === 0; i += 1) await new Promise((resolve) => setImmediate(resolve));
    releases.shift()?.();
  };
  return { round, releaseNext, maxActive: () => maxActive };
}

describe('createDeliveryLoop', () => {
  it('runs one round at a time and runs once more for what was asked during a round', async () => {
    const { round, releaseNext, maxActive } = controllableRounds();
    const loop = createDeliveryLoop(round, () => undefined);
    const first = loop.deliverDue();
    const second = loop.deliverDue();
    await releaseNext();
    expect(await first).toBe(1);
    await releaseNext();
    expect(await second).toBe(2);
    // The round that was asked for meanwhile also schedules one more in the background.
    await releaseNext();
    await loop.stop();
    expect(maxActive()).toBe(1);
  });

  it('sends on kick only once started, and stop waits for the round under way', async () => {
    const { round, releaseNext } = controllableRounds();
    const loop = createDeliveryLoop(round, () => undefined);
    loop.kick();
    await new Promise((resolve) => setImmediate(resolve));
    expect(round).not.toHaveBeenCalled();
    loop.start();
    expect(round).toHaveBeenCalledTimes(1);
    let isStopped = false;
    const stopping = loop.stop().then(() => {
      isStopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(isStopped).toBe(false);
    await releaseNext();
    await stopping;
    expect(isStopped).toBe(true);
    loop.kick();
    await new Promise((resolve) => setImmediate(resolve));
    expect(round).toHaveBeenCalledTimes(1);
  });

  it('reports a background round that fails instead of rejecting unheard', async () => {
    const onError = vi.fn();
    const loop = createDeliveryLoop(() => Promise.reject(new Error('database is locked')), onError);
    loop.start();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('database is locked')));
    await expect(loop.deliverDue()).rejects.toThrow('database is locked');
  });
});

describe('afterFailedAttempt', () => {
  const now = Date.parse('2026-11-23T10:00:00.000Z');
  it('waits the scheduled minutes after each attempt', () => {
    expect(afterFailedAttempt(1, [1, 5], now)).toEqual({ status: 'pending', isGivenUp: false, nextAttempt: '2026-11-23T10:01:00.000Z' });
    expect(afterFailedAttempt(2, [1, 5], now)).toEqual({ status: 'pending', isGivenUp: false, nextAttempt: '2026-11-23T10:05:00.000Z' });
  });
  it('gives up once the schedule has run out', () => {
    expect(afterFailedAttempt(3, [1, 5], now)).toMatchObject({ status: 'failed', isGivenUp: true });
  });
});
