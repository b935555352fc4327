import { renderDocument } from '../layout.js';
import { DeliveriesPage, type DeliveriesView } from './deliveries.js';
import { InboxPage, type InboxView } from './inbox.js';
import { AdminNotFoundPage, type AdminNotFoundView } from './not-found.js';
import { ConfirmDeletePage, InquiryPage, type InquiryView } from './inquiry.js';
import { CodePage, EmailPage, LinkPage } from './sign-in.js';
import { ConfirmRevokePage, TokensPage, type ConfirmRevokeView, type TokensView } from './tokens.js';
import { ProfilePage, type ProfileView } from './profile.js';
import { ConfirmDeleteProjectPage, ProjectsPage, type ConfirmDeleteProjectView, type ProjectsView } from './projects.js';
import { ProjectFormPage, type ProjectFormView } from './project-form.js';

type Props<C> = C extends (props: infer P) => unknown ? P : never;

/** The owner pages as whole HTML documents: the HTTP layer needs nothing from JSX. */
export const renderEmailPage = (view: Props<typeof EmailPage>): string => renderDocument(<EmailPage {...view} />);
export const renderCodePage = (view: Props<typeof CodePage>): string => renderDocument(<CodePage {...view} />);
export const renderLinkPage = (view: Props<typeof LinkPage>): string => renderDocument(<LinkPage {...view} />);
export const renderInboxPage = (view: InboxView): string => renderDocument(<InboxPage {...view} />);
export const renderInquiryPage = (view: InquiryView): string => renderDocument(<InquiryPage {...view} />);
export const renderConfirmDeletePage = (view: InquiryView): string => renderDocument(<ConfirmDeletePage {...view} />);
export const renderTokensPage = (view: TokensView): string => renderDocument(<TokensPage {...view} />);
export const renderConfirmRevokePage = (view: ConfirmRevokeView): string => renderDocument(<ConfirmRevokePage {...view} />);
export const renderAdminNotFoundPage = (view: AdminNotFoundView): string => renderDocument(<AdminNotFoundPage {...view} />);
export const renderDeliveriesPage = (view: DeliveriesView): string => renderDocument(<DeliveriesPage {...view} />);
export const renderProfilePage = (view: ProfileView): string => renderDocument(<ProfilePage {...view} />);
export const renderProjectsPage = (view: ProjectsView): string => renderDocument(<ProjectsPage {...view} />);
export const renderConfirmDeleteProjectPage = (view: ConfirmDeleteProjectView): string => renderDocument(<ConfirmDeleteProjectPage {...view} />);
export const renderProjectFormPage = (view: ProjectFormView): string => renderDocument(<ProjectFormPage {...view} />);
