import type { Cached, CatalogService } from '../catalog/service.js';
import type { Clock } from '../lib/clock.js';
import type { StudioRecord, StudioStore } from '../store/ports/index.js';
import { PreconditionFailedError } from '../lib/errors.js';
import { strongEtag } from '../lib/etag.js';
import { invalidInput } from '../lib/zod-errors.js';
import { acceptLogo, type StudioLogo } from './logo.js';
import { studioProfileSchema, type StudioProfile } from './profile.js';
import { studioView, type StudioView } from './view.js';

/** The version of a stored profile and logo (none saved yet: a version too), by their content. */
function versionOf(record: StudioRecord | undefined): string {
  return strongEtag(JSON.stringify(record ? [record.profile, record.logo ? [record.logo.content_type, strongEtag(record.logo.data)] : null] : null));
}

const SAVED_MEANWHILE = 'the studio profile was saved by someone else after this form was opened.';

/** What happens to the logo on a save. */
export type LogoChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; bytes: Uint8Array };

/**
 * The studio profile. Reads are cached with the catalog (one entry per catalog version), and a
 * save bumps that version, so every instance shows a change within CATALOG_VERSION_CHECK_MS.
 */
export class StudioService {
  /** the entry current() last returned from */
  private last: Cached<StudioView> | undefined;

  constructor(
    private readonly options: { store: StudioStore; catalog: CatalogService; clock: Clock; fallback: StudioProfile },
  ) {}

  async current(): Promise<StudioView> {
    return (await this.entry()).value;
  }

  /** The view with the catalog entry it is cached as (the MCP answer cache checks that entry). */
  async entry(): Promise<Cached<StudioView>> {
    const entry = await this.options.catalog.derived('studio', async () => studioView(await this.options.store.get(), this.options.fallback));
    this.last = entry;
    return entry;
  }

  /**
   * Whether `view` is what current() would return now without asking the store
   * (CatalogService.isCurrent): pages kept by the response cache are served only while it is.
   */
  isCurrent(view: StudioView): boolean {
    return this.last !== undefined && this.last.value === view && this.options.catalog.isCurrent(this.last);
  }

  /** The version of the saved profile, read from the store: the admin form carries it to save(). */
  async version(): Promise<string> {
    return versionOf(await this.options.store.get());
  }

  /**
   * Validates and saves; a ValidationError names each field (and the contrast ratio of a refused
   * accent colour). `basedOn` (the version() the edit started from): if the profile was saved since,
   * a PreconditionFailedError, so one owner's save never silently undoes another's (RFC 9110 §13.1.1).
   */
  async save(input: unknown, change: LogoChange = { kind: 'keep' }, basedOn?: string): Promise<StudioView> {
    const unchanged = basedOn === undefined ? undefined : (record: StudioRecord | undefined) => versionOf(record) === basedOn;
    const stored = await this.options.store.get();
    // Checked first here, before the logo's processing; and again where the write happens, as
    // two saves of one version may both have passed this one.
    if (unchanged && !unchanged(stored)) throw new PreconditionFailedError(SAVED_MEANWHILE);
    const parsed = studioProfileSchema.safeParse(input);
    if (!parsed.success) throw invalidInput('The studio profile', parsed.error, studioProfileSchema);
    let logo: StudioLogo | null;
    if (change.kind === 'replace') logo = await acceptLogo(change.bytes);
    else if (change.kind === 'remove') logo = null;
    else logo = stored?.logo ?? null;
    const saved = await this.options.store.put(parsed.data, logo, this.options.clock.now(), unchanged);
    if (saved === null) throw new PreconditionFailedError(SAVED_MEANWHILE);
    this.options.catalog.invalidate();
    return this.current();
  }
}
