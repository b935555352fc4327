import { escapeHtml } from './escape.js';

/** A project the inquiry form offers. */
export interface ProjectChoice {
  slug: string;
  title: string;
}

/**
 * The inquiry form's project choices as HTML, built once per catalog version (a form of 5,000
 * projects spent ~4.7 ms rendering its options with JSX) and marked for each form by
 * `choose`. Every value goes through escapeHtml, as JSX would.
 */
export class ProjectChoices {
  private readonly html: string;
  private readonly titles: Map<string, string>;

  constructor(projects: readonly ProjectChoice[]) {
    this.html = projects.map((p) => `<option value="${escapeHtml(p.slug)}">${escapeHtml(p.title)}</option>`).join('');
    this.titles = new Map(projects.map((p) => [p.slug, p.title]));
  }

  /**
   * The options with `slug` selected: one of the choices, or one that is not among them (past
   * the choices' bound), found by `lookUp` and offered ahead of them; none when it names no
   * published project.
   */
  async choose(slug: string, lookUp: (slug: string) => Promise<ProjectChoice | null>): Promise<{ html: string; selected: ProjectChoice | null }> {
    if (!slug) return { html: this.html, selected: null };
    const title = this.titles.get(slug);
    if (title !== undefined) {
      const option = `<option value="${escapeHtml(slug)}">`;
      const at = this.html.indexOf(option);
      return { html: `${this.html.slice(0, at)}<option value="${escapeHtml(slug)}" selected="">${this.html.slice(at + option.length)}`, selected: { slug, title } };
    }
    const found = await lookUp(slug);
    if (found === null) return { html: this.html, selected: null };
    return { html: `<option value="${escapeHtml(found.slug)}" selected="">${escapeHtml(found.title)}</option>${this.html}`, selected: found };
  }
}
