import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldSentence } from '../../src/pages/field-message.js';

describe('fieldSentence: a form error that names its field (WCAG 2.2 SC 3.3.1)', () => {
  it('puts the field before a service phrase and ends the sentence', () => {
    assert.equal(fieldSentence('Title', 'is required'), 'Title is required.');
    assert.equal(fieldSentence('Year', 'must be 1970 or more.'), 'Year must be 1970 or more.');
    assert.equal(fieldSentence('Image 2: alternative text', 'is required'), 'Image 2: alternative text is required.');
  });

  it('joins a list field and its line or term with a comma', () => {
    assert.equal(fieldSentence('Links', 'line 2 (url): must be an http(s) URL'), 'Links, line 2 (url): must be an http(s) URL.');
    assert.equal(fieldSentence('Services', 'term 3: must be at most 40 characters'), 'Services, term 3: must be at most 40 characters.');
  });

  it('sets any other phrase after a colon', () => {
    assert.equal(fieldSentence('Accent colour', 'contrast 1.37:1 is below the 4.5:1 WCAG AA needs'), 'Accent colour: contrast 1.37:1 is below the 4.5:1 WCAG AA needs.');
  });

  it('keeps a message already worded as a sentence', () => {
    assert.equal(fieldSentence('Logo', 'The file is not an image we can read.'), 'The file is not an image we can read.');
    assert.equal(fieldSentence('Accent colour', 'Too light: contrast 1.2:1 on white, at least 4.5:1 is needed'), 'Too light: contrast 1.2:1 on white, at least 4.5:1 is needed.');
  });
});
