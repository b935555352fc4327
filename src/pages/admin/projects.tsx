import type { FC } from 'hono/jsx';
import { Flash } from '../flash.js';
import { AdminLayout, ConfirmForm, CsrfField, type AdminFrame } from './admin-layout.js';

export interface ProjectRow {
  slug: string;
  title: string;
  year: number;
  published: boolean;
  featured: boolean;
  /** 1-based place in the featured order; 0 when not featured */
  featuredPlace: number;
  featuredCount: number;
  /** the version shown, sent back with every change */
  etag: string;
}

export interface ProjectsView extends AdminFrame {
  projects: ProjectRow[];
  notice?: string | undefined;
  error?: string | undefined;
}

const Action: FC<{ slug: string; etag: string; csrfToken: string; action: string; label: string; title: string }> = ({ slug, etag, csrfToken, action, label, title }) => (
  <form method="post" action={`/admin/projects/${slug}/${action}`} class="inline-form">
    <CsrfField token={csrfToken} />
    <input type="hidden" name="etag" value={etag} />
    <button type="submit" class="button secondary small">
      {label} <span class="visually-hidden">{title}</span>
    </button>
  </form>
);

/** /admin/projects: every project, published or not, with its quick actions. */
export const ProjectsPage: FC<ProjectsView> = (view) => {
  const { projects, notice, error, csrfToken } = view;
  return (
    <AdminLayout {...view} current="projects" title="Projects">
      <h1>Projects</h1>
      <p>
        <a class="button" href="/admin/projects/new">
          New project
        </a>
      </p>
      <Flash notice={notice} error={error} />
      <table class="inbox">
        <caption class="visually-hidden">All projects</caption>
        <thead>
          <tr>
            <th scope="col">Project</th>
            <th scope="col">Year</th>
            <th scope="col">State</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {projects.map((p) => (
            <tr>
              <td>
                <a href={`/admin/projects/${p.slug}`}>{p.title}</a> <span class="sub">{p.slug}</span>
              </td>
              <td>{p.year}</td>
              <td>
                {p.published ? 'Published' : 'Draft'}
                {p.featured ? `, featured ${p.featuredPlace} of ${p.featuredCount}` : ''}
              </td>
              <td>
                {p.featuredPlace > 1 ? <><Action slug={p.slug} etag={p.etag} csrfToken={csrfToken} action="move-up" label="Move up" title={`${p.title} in the featured order`} />{' '}</> : null}
                {p.featuredPlace > 0 && p.featuredPlace < p.featuredCount ? <><Action slug={p.slug} etag={p.etag} csrfToken={csrfToken} action="move-down" label="Move down" title={`${p.title} in the featured order`} />{' '}</> : null}
                <Action slug={p.slug} etag={p.etag} csrfToken={csrfToken} action={p.published ? 'unpublish' : 'publish'} label={p.published ? 'Unpublish' : 'Publish'} title={p.title} />{' '}
                <Action slug={p.slug} etag={p.etag} csrfToken={csrfToken} action={p.featured ? 'unfeature' : 'feature'} label={p.featured ? 'Unfeature' : 'Feature'} title={p.title} />{' '}
                <a class="danger-link" href={`/admin/projects/${p.slug}/delete`}>
                  Delete… <span class="visually-hidden">{p.title}</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminLayout>
  );
};

export interface ConfirmDeleteProjectView extends AdminFrame {
  project: { slug: string; title: string; published: boolean; etag: string };
}

/** There is no undo: deleting a project asks first, as deleting an inquiry does (WCAG 2.2 SC 3.3.4). */
export const ConfirmDeleteProjectPage: FC<ConfirmDeleteProjectView> = (view) => {
  const { project, csrfToken } = view;
  return (
    <AdminLayout {...view} current="projects" title="Delete a project">
      <div class="narrow">
        <h1>Delete “{project.title}” for good?</h1>
        <p>
          The project <strong>{project.slug}</strong> is removed with its images: {project.published ? 'its page leaves the site, the API, MCP and the sitemap at once' : 'it is a draft, so nobody else has seen it'}. Inquiries that named
          it are kept. This cannot be undone.
        </p>
        {project.published ? <p>To take it off the site for now, unpublish it instead.</p> : null}
        <ConfirmForm action={`/admin/projects/${project.slug}/delete`} csrfToken={csrfToken} label="Delete for good" keep="/admin/projects">
          <input type="hidden" name="etag" value={project.etag} />
        </ConfirmForm>
      </div>
    </AdminLayout>
  );
};
