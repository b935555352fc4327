import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emptyInboxText } from '../../src/pages/admin/inbox.js';

test('an empty inbox view says why: a search found nothing, a tab holds nothing, or nothing came yet', () => {
  assert.equal(emptyInboxText('harbour', 'spam', 5), 'No inquiry matches.');
  assert.equal(emptyInboxText('harbour', 'open', 5), 'No inquiry matches.');
  assert.equal(emptyInboxText('', 'spam', 5), 'Nothing is marked spam.');
  assert.equal(emptyInboxText('', 'archived', 5), 'Nothing is archived.');
  assert.equal(emptyInboxText('', 'new', 5), 'No new inquiries: every one has been opened.');
  assert.equal(emptyInboxText('', 'open', 5), 'Nothing open: every inquiry is archived or marked spam (see their tabs, or All).');
  assert.match(emptyInboxText('', 'spam', 0), /^No inquiries yet\./);
});
