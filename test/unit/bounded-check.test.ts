import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BoundedCheck, NoAnswerError, waitAtMost } from '../../src/lib/bounded-check.js';
import { StoreUnavailableError } from '../../src/lib/errors.js';
import { manualTimer, stateOf } from '../helpers/manual-timer.js';

/** A question to a database the test answers by hand, counting how often it was asked. */
function question<T>() {
  const asked: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const ask = () => new Promise<T>((resolve, reject) => asked.push({ resolve, reject }));
  return { ask, asked };
}

describe('BoundedCheck', () => {
  it('asks once for every caller that comes while the question is outstanding, and gives each the answer', async () => {
    const timer = manualTimer();
    const { ask, asked } = question<number>();
    const check = new BoundedCheck(ask, 1000, timer.start);
    const callers = [check.run(), check.run(), check.run()];
    assert.equal(asked.length, 1, 'one question for three callers');
    asked[0]!.resolve(7);
    assert.deepEqual(await Promise.all(callers), [7, 7, 7]);
    assert.equal(timer.pending, 0, 'an answered question leaves no timer behind');
    const next = check.run();
    assert.equal(asked.length, 2, 'the next caller after an answer asks again');
    asked[1]!.resolve(8);
    assert.equal(await next, 8);
  });

  it('gives every waiting caller up together once the bound passes, as unavailable (503), and a later caller at once without asking again', async () => {
    const timer = manualTimer();
    const { ask, asked } = question<number>();
    const check = new BoundedCheck(ask, 1000, timer.start);
    const waiting = [check.run(), check.run()];
    assert.equal(await stateOf(waiting[0]!), 'pending', 'within the bound, callers wait');
    timer.fireAll();
    for (const caller of waiting) await assert.rejects(caller, (error) => error instanceof NoAnswerError && error instanceof StoreUnavailableError && error.waitedMs === 1000);
    const later = check.run();
    assert.equal(await stateOf(later), 'rejected', 'a caller after the bound does not wait for the hung question');
    await assert.rejects(later, NoAnswerError);
    assert.equal(asked.length, 1, 'and does not ask a second one beside it');
    assert.equal(timer.pending, 0, 'nor starts another bound');

    // The abandoned question ends (the driver's own timeout, or the database answers late): the next caller asks anew.
    asked[0]!.reject(new StoreUnavailableError('Query read timeout'));
    await stateOf(later);
    const afterwards = check.run();
    assert.equal(asked.length, 2);
    asked[1]!.resolve(9);
    assert.equal(await afterwards, 9);
  });

  it('passes a refusal on as it comes, without waiting for the bound', async () => {
    const timer = manualTimer();
    const check = new BoundedCheck(() => Promise.reject(new StoreUnavailableError('ECONNREFUSED')), 1000, timer.start);
    await assert.rejects(check.run(), (error) => error instanceof StoreUnavailableError && !(error instanceof NoAnswerError) && error.reason === 'ECONNREFUSED');
    assert.equal(timer.pending, 0);
  });

  it('asks anew after forget(), whatever is outstanding', async () => {
    const timer = manualTimer();
    const { ask, asked } = question<number>();
    const check = new BoundedCheck(ask, 1000, timer.start);
    const before = check.run();
    check.forget();
    const after = check.run();
    assert.equal(asked.length, 2);
    asked[1]!.resolve(2);
    assert.equal(await after, 2);
    asked[0]!.resolve(1);
    assert.equal(await before, 1, 'a caller keeps the question it joined');
    const next = check.run();
    assert.equal(asked.length, 3, 'the forgotten question, answered, does not clear the newer one');
    asked[2]!.resolve(3);
    assert.equal(await next, 3);
  });
});

describe('waitAtMost', () => {
  it('answers with the work, passes its error on, or gives up with NoAnswerError when the bound passes first', async () => {
    const timer = manualTimer();
    assert.equal(await waitAtMost(Promise.resolve(1), 500, timer.start), 1);
    await assert.rejects(waitAtMost(Promise.reject(new Error('constraint')), 500, timer.start), /constraint/);
    assert.equal(timer.pending, 0, 'a settled work cancels its bound');
    const hung = waitAtMost(new Promise<number>(() => undefined), 500, timer.start);
    assert.equal(await stateOf(hung), 'pending');
    timer.fireAll();
    await assert.rejects(hung, (error) => error instanceof NoAnswerError && error.waitedMs === 500);
  });
});
