import { utf8Bytes } from '../lib/representation.js';
import type { ApiProject } from './api-project.js';
import type { ProjectRecord } from './project.js';

/** A project as the API shows it, and its JSON's UTF-8 bytes. */
export interface Presented {
  readonly api: ApiProject;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

/**
 * Projects as the API shows them, with their JSON, made once per record object (issue 17).
 * Pages of different queries show the same projects again and again; an uncached search spent
 * ~10% of its CPU turning each project into its API object and its JSON once more for every
 * page (`JSON.stringify` of the page, ~2 KB a project). The store hands out the same record
 * object for a row it keeps for a catalog version (ProjectRowCache), and a new one whenever it
 * reads a row afresh, so a presentation kept for a record object is always that record's: an
 * answer presents exactly what it read. Records are never changed once made; presentations go
 * when their records do (a WeakMap), so this holds no more than the store keeps.
 */
export class PresentedProjects {
  private readonly kept = new WeakMap<ProjectRecord, Presented>();

  constructor(private readonly present: (record: ProjectRecord) => ApiProject) {}

  of(record: ProjectRecord): Presented {
    let presented = this.kept.get(record);
    if (presented === undefined) {
      const api = this.present(record);
      presented = { api, bytes: utf8Bytes(JSON.stringify(api)) };
      this.kept.set(record, presented);
    }
    return presented;
  }
}

const PAGE_HEAD = utf8Bytes('{"data":[');
const COMMA = 0x2c;

/**
 * A page's JSON bytes from its projects' bytes: exactly the UTF-8 of `JSON.stringify({ data,
 * next_cursor })` (an array's JSON is its elements' JSON joined by commas), without stringifying
 * or encoding the projects again. Joined as bytes, not as text: a page joined as text was a
 * string of pieces that hashing it for the ETag first copied flat and then encoded (~6% of an
 * uncached search's CPU in a profile, docs/performance.md change 53).
 */
export function pageBytes(projects: readonly Presented[], nextCursor: string | null): Uint8Array<ArrayBuffer> {
  const tail = utf8Bytes(`],"next_cursor":${JSON.stringify(nextCursor)}}`);
  let length = PAGE_HEAD.length + Math.max(0, projects.length - 1) + tail.length;
  for (const p of projects) length += p.bytes.length;
  const page = new Uint8Array(length);
  page.set(PAGE_HEAD, 0);
  let at = PAGE_HEAD.length;
  for (let i = 0; i < projects.length; i++) {
    if (i > 0) page[at++] = COMMA;
    page.set(projects[i]!.bytes, at);
    at += projects[i]!.bytes.length;
  }
  page.set(tail, at);
  return page;
}
