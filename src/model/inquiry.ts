/** Where an inquiry came from: REST, an MCP tool call or the HTML form. */
export type InquirySource = 'api' | 'mcp' | 'web';

/** An inquiry as stored (docs/design.md §2). */
export interface InquiryRecord {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  project_slugs: string[];
  budget: string | null;
  timeline: string | null;
  source: InquirySource;
  client_id: string | null;
  created_at: string;
}
