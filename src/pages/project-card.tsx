import type { FC } from 'hono/jsx';
import type { ApiProject } from '../catalog/api-project.js';
import { humanize } from './labels.js';

/** Image URLs in API form are absolute; on our own pages a same-origin path keeps CSP `img-src 'self'` exact. */
export function localUrl(url: string, baseUrl: string): string {
  return url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
}

export const ProjectCard: FC<{ project: ApiProject; baseUrl: string; featured?: boolean }> = ({ project, baseUrl, featured }) => {
  const image = project.images[0];
  return (
    <article class="card">
      {image ? <img src={localUrl(image.url, baseUrl)} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" /> : null}
      <div class="card-body">
        {featured ? <span class="badge">Featured</span> : null}
        <h3>
          <a href={`/projects/${project.slug}`}>{project.title}</a>
        </h3>
        <p>{project.summary}</p>
        <ul class="meta" aria-label="Project details">
          {project.client ? <li>{project.client}</li> : null}
          <li>{humanize(project.industry)}</li>
          <li>{project.year}</li>
        </ul>
      </div>
    </article>
  );
};
