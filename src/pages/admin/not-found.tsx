import type { FC } from 'hono/jsx';
import { AdminLayout, type AdminFrame } from './admin-layout.js';

export interface AdminNotFoundView extends AdminFrame {
  /** what was not found, in the domain's words (`No inquiry has the id "inq_…".`) */
  message: string;
}

/**
 * An owner page that leads nowhere (a notification link to an inquiry another owner deleted for
 * good, a project since deleted): said inside the admin, with the way back, not as the public
 * catalog's 404 about unpublished projects.
 */
export const AdminNotFoundPage: FC<AdminNotFoundView> = (view) => (
  <AdminLayout {...view} title="Not found">
    <div class="narrow">
      <h1>Not found</h1>
      <p>{view.message} It may have been deleted for good, by you or another owner.</p>
      <p class="actions">
        <a class="button" href="/admin">
          Back to the inbox
        </a>
        <a href="/admin/projects">Projects</a>
      </p>
    </div>
  </AdminLayout>
);
