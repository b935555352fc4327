import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contrastRatio, formatRatio } from '../../src/studio/contrast.js';
import { studioProfileSchema } from '../../src/studio/profile.js';
import { profileFormErrors, profileFormValues, profileInput } from '../../src/studio/profile-form.js';

describe('WCAG 2.2 contrast ratio (§1.4.3, definition of contrast ratio)', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself', () => {
    assert.equal(formatRatio(contrastRatio('#000000', '#ffffff')), '21.00:1');
    assert.equal(contrastRatio('#9a3412', '#9a3412'), 1);
  });
  it('matches known values (#767676 on white is 4.54:1)', () => {
    assert.equal(formatRatio(contrastRatio('#767676', '#ffffff')), '4.54:1');
  });
});

describe('the studio profile schema', () => {
  it('accepts a minimal profile and fills the defaults, lower-casing the colour', () => {
    const profile = studioProfileSchema.parse({ name: 'Studio', accent_color: '#1F5F4A' });
    assert.deepEqual(profile, { name: 'Studio', tagline: '', introduction: '', services: [], location: null, contact_email: null, links: [], accent_color: '#1f5f4a', reply_promise: '', content_language: '', time_zone: 'UTC' });
  });

  it('refuses an accent colour below 4.5:1 on the page background, naming the ratio', () => {
    const result = studioProfileSchema.safeParse({ name: 'Studio', accent_color: '#ff9900' });
    assert.equal(result.success, false);
    const issue = result.error!.issues[0]!;
    assert.deepEqual(issue.path, ['accent_color']);
    const ratio = formatRatio(contrastRatio('#ff9900', '#f7f4ef'));
    assert.match(issue.message, new RegExp(`contrast ${ratio.replace('.', '\\.')} against the page background #f7f4ef is below the 4.5:1`));
  });

  it('refuses links that are not http(s), bad emails and unknown fields', () => {
    const result = studioProfileSchema.safeParse({ name: 'S', links: [{ label: 'x', url: 'javascript:alert(1)' }], contact_email: 'nope', colour: 'red' });
    assert.equal(result.success, false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    assert.ok(paths.includes('links.0.url'), paths.join());
    assert.ok(paths.includes('contact_email'), paths.join());
  });
});

describe('the admin profile form', () => {
  it('reads services and links one per line and names the line of an error', () => {
    const { input, serviceLines, linkLines } = profileInput({
      name: 'S',
      tagline: '',
      introduction: '',
      services: 'Design: screens\n\nBuild',
      location: '',
      contact_email: '',
      links: 'Site: https://s.example\nBad: ftp://x',
      reply_promise: '',
      content_language: '',
      time_zone: '',
      accent_color: '#1f5f4a',
    });
    assert.deepEqual(input.services, [{ name: 'Design', description: 'screens' }, { name: 'Build', description: '' }]);
    const result = studioProfileSchema.safeParse(input);
    assert.equal(result.success, false);
    const errors = profileFormErrors(result.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message })), serviceLines, linkLines);
    assert.match(errors.links!, /^line 2 \(url\): must be an http\(s\) URL$/);
  });

  it('reads a link written without its colon (`GitHub https://…`) as meant', () => {
    const values = { name: 'S', tagline: '', introduction: '', services: '', location: '', contact_email: '', reply_promise: '', content_language: '', time_zone: '', accent_color: '#1f5f4a' };
    const { input } = profileInput({ ...values, links: 'GitHub https://github.com/studio\nDribbble Shots   https://dribbble.com/s\nSite: https://s.example' });
    assert.deepEqual(studioProfileSchema.parse(input).links, [
      { label: 'GitHub', url: 'https://github.com/studio' },
      { label: 'Dribbble Shots', url: 'https://dribbble.com/s' },
      { label: 'Site', url: 'https://s.example' },
    ]);
  });

  it('shows every saved link so that saving the form again keeps it, a label holding ": " too (as an import can set it)', () => {
    const profile = studioProfileSchema.parse({ name: 'S', services: [{ name: 'Build', description: 'Apps: web and mobile' }], links: [{ label: 'Shop: EU', url: 'https://shop.example/eu' }, { label: 'Site', url: 'https://s.example' }] });
    const again = studioProfileSchema.parse(profileInput(profileFormValues(profile)).input);
    assert.deepEqual(again.links, profile.links);
    assert.deepEqual(again.services, profile.services);
  });
});
