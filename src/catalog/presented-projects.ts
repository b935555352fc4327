import type { ApiProject } from './api-project.js';
import type { ProjectRecord } from './project.js';

/** A project as the API shows it, and its JSON. */
export interface Presented {
  api: ApiProject;
  json: string;
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
      presented = { api, json: JSON.stringify(api) };
      this.kept.set(record, presented);
    }
    return presented;
  }
}

/**
 * A page's JSON from its projects' JSON: exactly `JSON.stringify({ data, next_cursor })` (an
 * array's JSON is its elements' JSON joined by commas), without stringifying the projects again.
 */
export function pageJson(projects: readonly Presented[], nextCursor: string | null): string {
  let data = '';
  for (let i = 0; i < projects.length; i++) data += i === 0 ? projects[i]!.json : `,${projects[i]!.json}`;
  return `{"data":[${data}],"next_cursor":${JSON.stringify(nextCursor)}}`;
}
