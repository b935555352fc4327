import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

// StudioService.isCurrent is what lets the response cache keep a page rendered under a studio
// profile (src/http/routes/pages.ts): only while a read now would return that very profile.
describe('StudioService.isCurrent', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('holds for the view current() returned until a save, the catalog version check or another view', async () => {
    const studio = server.vitrine.studio;
    const view = await studio.current();
    assert.equal(studio.isCurrent(view), true);
    assert.equal(studio.isCurrent({ ...view }), false, 'an equal copy is not the view the pages were rendered from');

    server.clock.advance(server.config.catalogVersionCheckMs);
    assert.equal(studio.isCurrent(view), false, 'past the version check, only the store can say');
    const same = await studio.current();
    assert.equal(same, view, 'nothing changed: the same view again');
    assert.equal(studio.isCurrent(view), true);

    const saved = await studio.save({ ...view.profile, name: 'Renamed for isCurrent' });
    assert.equal(studio.isCurrent(view), false, 'a save makes the old view stale at once');
    assert.equal(studio.isCurrent(saved), true);
  });
});
