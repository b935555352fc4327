import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PreconditionFailedError } from '../../src/lib/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// RFC 9110 §13.1.1: an owner's save carries the version the form was opened at, so that it never
// silently undoes another owner's. Two saves of one version at once: the second to write finds
// the first's profile stored, not the version it was based on.
describe('two saves of the studio profile from one version', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('one is saved, the other refused as saved by someone else meanwhile', async () => {
    const studio = server.vitrine.studio;
    const profile = (await studio.current()).profile;
    const version = await studio.version();
    const outcomes = await Promise.allSettled([studio.save({ ...profile, name: 'Saved by Ada' }, { kind: 'keep' }, version), studio.save({ ...profile, name: 'Saved by Grace' }, { kind: 'keep' }, version)]);
    const saved = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    assert.equal(saved.length, 1, 'one save went through');
    assert.equal(refused.length, 1, 'the other did not overwrite it');
    assert.ok(refused[0]!.reason instanceof PreconditionFailedError);
    assert.equal((await studio.current()).profile.name, (saved[0] as PromiseFulfilledResult<{ profile: { name: string } }>).value.profile.name);
  });
});
