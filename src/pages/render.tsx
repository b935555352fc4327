import type { ApiProject } from '../catalog/api-project.js';
import { AgentsPage } from './agents-page.js';
import { CatalogPage, type CatalogView } from './catalog-page.js';
import { DocsPage } from './docs-page.js';
import { ErrorPage, type ErrorPageDetails } from './error-page.js';
import { InquiryFormPage, ThanksPage, type InquiryFormView } from './inquiry-form.js';
import { renderDocument, type Site } from './layout.js';
import { ProblemTypePage, ProblemTypesPage } from './problem-type-page.js';
import { ProjectPage } from './project-page.js';
import type { ProblemType } from '../lib/problem-types.js';

/** Whole HTML documents as strings: the HTTP layer needs nothing from JSX. */
export const renderCatalogPage = (view: CatalogView): string => renderDocument(<CatalogPage {...view} />);
export const renderProjectPage = (site: Site, project: ApiProject, related: readonly ApiProject[] = [], preview?: { published: boolean }): string =>
  renderDocument(<ProjectPage site={site} project={project} related={related} preview={preview} />);
export const renderInquiryForm = (view: InquiryFormView): string => renderDocument(<InquiryFormPage {...view} />);
export const renderThanksPage = (site: Site, reference: string | null): string => renderDocument(<ThanksPage site={site} reference={reference} />);
export const renderErrorPage = (site: Site, status: number, requestId?: string, retryAfterSeconds?: number, details: ErrorPageDetails = {}): string =>
  renderDocument(<ErrorPage site={site} status={status} requestId={requestId} retryAfterSeconds={retryAfterSeconds} {...details} />);
export const renderAgentsPage = (site: Site): string => renderDocument(<AgentsPage site={site} />);
export const renderDocsPage = (site: Site, assetsPath: string): string => renderDocument(<DocsPage site={site} assetsPath={assetsPath} />);
export const renderProblemTypePage = (site: Site, type: ProblemType): string => renderDocument(<ProblemTypePage site={site} type={type} />);
export const renderProblemTypesPage = (site: Site, types: readonly ProblemType[]): string => renderDocument(<ProblemTypesPage site={site} types={types} />);
