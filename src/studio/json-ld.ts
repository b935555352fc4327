import type { ApiProject } from '../catalog/api-project.js';
import { markdownText } from '../pages/markdown.js';
import type { StudioView } from './view.js';

/**
 * The home page's JSON-LD: the studio as a schema.org Organization (https://schema.org/Organization)
 * and its featured work as an ItemList (https://schema.org/ItemList) of CreativeWorks.
 */
export function studioJsonLd(view: StudioView, baseUrl: string, featured: readonly ApiProject[]): Record<string, unknown> {
  const { profile, logo } = view;
  const org = `${baseUrl}/#organization`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': org,
        name: profile.name,
        url: `${baseUrl}/`,
        ...(profile.tagline ? { slogan: profile.tagline } : {}),
        // schema.org `description` is text: the introduction's words without its Markdown.
        ...(profile.introduction ? { description: markdownText(profile.introduction) } : {}),
        ...(profile.contact_email ? { email: profile.contact_email } : {}),
        ...(profile.location ? { address: { '@type': 'PostalAddress', addressLocality: profile.location } } : {}),
        ...(logo ? { logo: { '@type': 'ImageObject', contentUrl: `${baseUrl}${logo.path}`, width: logo.width, height: logo.height } } : {}),
        ...(profile.links.length > 0 ? { sameAs: profile.links.map((l) => l.url) } : {}),
        ...(profile.services.length > 0
          ? { makesOffer: profile.services.map((s) => ({ '@type': 'Offer', itemOffered: { '@type': 'Service', name: s.name, ...(s.description ? { description: s.description } : {}) } })) }
          : {}),
      },
      {
        '@type': 'ItemList',
        '@id': `${baseUrl}/#featured`,
        name: `Featured work by ${profile.name}`,
        numberOfItems: featured.length,
        itemListElement: featured.map((p, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          item: {
            '@type': 'CreativeWork',
            '@id': `${p.links.html}#work`,
            name: p.title,
            url: p.links.html,
            description: p.summary,
            creator: { '@id': org },
            ...(p.images[0] ? { image: { '@type': 'ImageObject', contentUrl: p.images[0].url, description: p.images[0].alt, width: p.images[0].width, height: p.images[0].height } } : {}),
          },
        })),
      },
    ],
  };
}
