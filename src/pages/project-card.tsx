import type { FC } from 'hono/jsx';
import type { ApiProject } from '../catalog/api-project.js';
import { humanize } from './labels.js';
import { ResponsiveImage } from './responsive-image.js';

export { localUrl } from './responsive-image.js';

export const ProjectCard: FC<{ project: ApiProject; baseUrl: string; featured?: boolean }> = ({ project, baseUrl, featured }) => {
  const image = project.images[0];
  return (
    <article class="card">
      {image ? <ResponsiveImage image={image} baseUrl={baseUrl} alt="" sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 100vw" /> : null}
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
