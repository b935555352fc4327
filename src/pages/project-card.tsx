import type { FC } from 'hono/jsx';
import type { ApiProject } from '../catalog/api-project.js';
import { humanize } from './labels.js';
import { ResponsiveImage } from './responsive-image.js';

export { localUrl } from './responsive-image.js';

/*
 * How wide a catalog card shows its image, from site.css: the page is min(1200px, 100vw - 2.5rem) wide;
 * above 960px the filters and their gap take 16rem + 2.5rem of it (so the cards have 100vw - 21rem
 * up to 1240px = 77.5rem, then 904px); cards are columns of at least 17rem (featured: 22rem) with
 * 1.6rem gaps. Each value is at least the card's width (test/browser/card-images.test.ts): one that
 * says less makes the browser pick a variant too small, and the image looks soft.
 */
const CARD_SIZES = '(min-width: 77.5rem) 18rem, (min-width: 60.0625rem) calc(50vw - 10.5rem), (min-width: 38.125rem) 50vw, 100vw';
/*
 * Cards across the whole page (a project page's related work): one column below 38.125rem
 * (100vw - 2.5rem wide), at least two up to 77.5rem (each under 50vw), then four tracks of
 * (1200px - 3 × 1.6rem) / 4 = 17.55rem.
 */
export const WIDE_CARD_SIZES = '(min-width: 77.5rem) 18rem, (min-width: 38.125rem) 50vw, 100vw';
const FEATURED_SIZES = '(min-width: 77.5rem) 27.5rem, (min-width: 66.625rem) calc(50vw - 10.5rem), (min-width: 60.0625rem) calc(100vw - 21rem), (min-width: 48.125rem) 50vw, 100vw';

/**
 * `lang`: the studio's content language (layout.ts contentLang), on the texts the studio wrote.
 * `eager`: the page's first card, on the first screen: its image loads at once, not lazily.
 */
export const ProjectCard: FC<{ project: ApiProject; baseUrl: string; featured?: boolean; eager?: boolean; lang?: string | undefined; sizes?: string }> = ({ project, baseUrl, featured, eager, lang, sizes }) => {
  const image = project.images[0];
  return (
    <article class="card">
      {image ? <ResponsiveImage image={image} baseUrl={baseUrl} alt="" sizes={sizes ?? (featured ? FEATURED_SIZES : CARD_SIZES)} eager={eager} /> : null}
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
