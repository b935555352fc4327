import type { FC } from 'hono/jsx';
import type { ApiProject } from '../catalog/api-project.js';
import { humanize } from './labels.js';
import { ResponsiveImage } from './responsive-image.js';

export { localUrl } from './responsive-image.js';

/**
 * `lang`: the studio's content language (layout.ts contentLang), on the texts the studio wrote.
 * `eager`: the page's first card, on the first screen: its image loads at once, not lazily.
 */
export const ProjectCard: FC<{ project: ApiProject; baseUrl: string; featured?: boolean; eager?: boolean; lang?: string | undefined }> = ({ project, baseUrl, featured, eager, lang }) => {
  const image = project.images[0];
  return (
    <article class="card">
      {image ? <ResponsiveImage image={image} baseUrl={baseUrl} alt="" sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 100vw" eager={eager} /> : null}
      <div class="card-body">
        {featured ? <span class="badge">Featured</span> : null}
        <h3 lang={lang}>
          <a href={`/projects/${project.slug}`}>{project.title}</a>
        </h3>
        <p lang={lang}>{project.summary}</p>
        <ul class="meta" aria-label="Project details">
          {project.client ? <li lang={lang}>{project.client}</li> : null}
          <li>{humanize(project.industry)}</li>
          <li>{project.year}</li>
        </ul>
      </div>
    </article>
  );
};
