import type { StudioProfile } from './profile.js';
import { DEFAULT_TIME_ZONE } from './time-zone.js';

/** What a fresh install shows until the owner saves a profile (or imports one). */
export const DEFAULT_PROFILE: StudioProfile = Object.freeze({
  name: 'Vitrine',
  tagline: 'Selected work',
  introduction: 'Products, platforms and services we have researched, designed and built with our clients.',
  services: [],
  location: null,
  contact_email: null,
  links: [],
  accent_color: '#9a3412',
  reply_promise: '',
  content_language: '',
  time_zone: DEFAULT_TIME_ZONE,
}) as StudioProfile;
